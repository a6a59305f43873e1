import { MESSAGES } from '@groundwork/core/people';
import type { TFunction } from 'i18next';

const GENERIC: Record<string, string> = {
  [MESSAGES.required]: 'errors.required',
  [MESSAGES.email]: 'errors.email',
  'Invalid format': 'errors.invalidFormat',
};

/**
 * The shared zod rules speak English (the server answers with the same text): each form shows the translation from
 * its own namespace's `errors.*` keys. `specific` maps a module's own rule messages to its keys; an unknown message
 * is shown as it came. One home for every form (issue 14).
 */
export function translateFieldError(
  t: TFunction<any, any>,
  message: string | undefined,
  specific: Readonly<Record<string, string>> = {},
): string | undefined {
  if (!message) return undefined;
  // Each namespace has these keys; i18next's key types know one namespace at a time.
  const tr = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const max = /^You must enter a maximum of (\d+) characters$/.exec(message);
  if (max) return tr('errors.max', { count: Number(max[1]) });
  const key = specific[message] ?? GENERIC[message];
  if (key) return tr(key, { defaultValue: message });
  // zod's own wording for a missing value ("Invalid input: expected string, received null").
  return message.startsWith('Invalid input') ? tr('errors.required') : message;
}
