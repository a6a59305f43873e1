/** `{{name}}` placeholders, as i18next writes them: the one syntax of every message template (core messages.ts). */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export type MessageValue = string | number;

/** The template's text with each `{{name}}` replaced by its value (an unknown name stays as it is written). */
export function formatMessage(template: string, values: Readonly<Record<string, MessageValue>> = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The names of a template's placeholders, in order, each once. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** The placeholder names of a template literal type: `'At most {{max}} ids.'` gives `'max'`. */
export type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;
