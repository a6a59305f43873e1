import { z } from 'zod';

/**
 * The chatbot's shared rules (issue 22): what a question may be, the kinds of question the built-in parser
 * understands (in English and Spanish), and how it reads dates and periods out of a question. Which job or person
 * a question is about is found by the server, which knows the company's names.
 */

export type ChatLanguage = 'en' | 'es';
export type IsoDate = string;

export const CHAT_LIMITS = {
  questionMax: 500,
  /** Questions a person may ask in RATE_WINDOW_MINUTES. */
  ratePerWindow: 20,
  rateWindowMinutes: 5,
  historyPage: 50,
} as const;

export const CHAT_MESSAGES = {
  empty: 'Type a question.',
  tooLong: `A question can be at most ${CHAT_LIMITS.questionMax} characters.`,
  rateLimited: `You have asked ${CHAT_LIMITS.ratePerWindow} questions in ${CHAT_LIMITS.rateWindowMinutes} minutes. Please wait a moment.`,
} as const;

export const chatQuestionSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, CHAT_MESSAGES.empty).max(CHAT_LIMITS.questionMax, CHAT_MESSAGES.tooLong));

/** The kinds of question, each answered by one read-only tool. */
export const CHAT_KINDS = ['schedule', 'hours', 'budget', 'tasks', 'contact', 'help'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export type DateSpec = { kind: 'date'; date: IsoDate } | { kind: 'none' };
export type PeriodSpec = { from: IsoDate; to: IsoDate; label: 'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'date' };

export type ParsedQuestion = {
  kind: ChatKind;
  language: ChatLanguage;
  /** For schedule questions: the day asked about (today when none is named). */
  date: IsoDate;
  /** For hours questions. */
  period: PeriodSpec;
  /** "my crew" / "mi cuadrilla". */
  crew: boolean;
  /** The asker speaks of themselves ("I", "my hours", "llevo", "mis tareas"). */
  self: boolean;
  /** A cost code named in the question (03-300). */
  costcode: string | null;
  /** The question with accents and punctuation removed, lower case: what the server scans for names. */
  normalized: string;
  /** What "where is …" asks about, when it is not a person (a tool: "the Hilti TE 70"). */
  subject: string | null;
};

/** Lower case, no accents, no punctuation but hyphens, apostrophes and slashes (12/3), single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s'/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const SPANISH =
  /[¿¡ñáéíóú]|\b(quien|quienes|donde|cuantas|cuantos|horas|manana|hoy|ayer|semana|esta|este|mis|mi|llevo|presupuesto|tareas|telefono|correo|proyecto|obra|trabaja|programad[oa]s?|de|del|en|que|cual)\b/;
const ENGLISH = /\b(who|where|how|many|hours|today|tomorrow|yesterday|week|my|budget|tasks|phone|email|scheduled|the|is|are|did)\b/;

export function detectLanguage(text: string, fallback: ChatLanguage = 'en'): ChatLanguage {
  const raw = text.toLowerCase();
  const n = normalizeText(text);
  const es = (raw.match(/[¿¡ñ]/g)?.length ?? 0) * 2 + (n.match(new RegExp(SPANISH.source, 'g'))?.length ?? 0);
  const en = n.match(new RegExp(ENGLISH.source, 'g'))?.length ?? 0;
  if (es === en) return fallback;
  return es > en ? 'es' : 'en';
}

const DAY = 86_400_000;
const toDay = (iso: IsoDate) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const fromDay = (n: number): IsoDate => new Date(n * DAY).toISOString().slice(0, 10);
export const addDays = (iso: IsoDate, days: number) => fromDay(toDay(iso) + days);
/** Monday of the week holding `iso`. */
export const mondayOf = (iso: IsoDate) => addDays(iso, -((new Date(toDay(iso) * DAY).getUTCDay() + 6) % 7));

const WEEKDAYS: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 0,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  domingo: 0,
};

/** The day a question names: today, tomorrow, yesterday, a weekday (the next one, today included), or a date. */
export function dateIn(normalized: string, today: IsoDate): IsoDate | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(normalized);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const md = /\b(\d{1,2})\/(\d{1,2})\b/.exec(normalized);
  if (md) {
    const year = Number(today.slice(0, 4));
    const date = `${year}-${md[1].padStart(2, '0')}-${md[2].padStart(2, '0')}`;
    if (!Number.isNaN(toDay(date))) return date;
  }
  // "esta manana" is this morning, not tomorrow.
  if (/\b(tomorrow)\b/.test(normalized) || /(^|[^a-z])manana\b/.test(normalized.replace(/\besta manana\b/g, ''))) return addDays(today, 1);
  if (/\b(yesterday|ayer)\b/.test(normalized)) return addDays(today, -1);
  if (/\b(today|hoy|esta manana)\b/.test(normalized)) return today;
  for (const [name, weekday] of Object.entries(WEEKDAYS)) {
    if (new RegExp(`\\b${name}\\b`).test(normalized)) {
      const current = new Date(toDay(today) * DAY).getUTCDay();
      return addDays(today, (weekday - current + 7) % 7);
    }
  }
  return null;
}

/** The period an hours question means: this week unless it names another (weeks start on Monday). */
export function periodIn(normalized: string, today: IsoDate): PeriodSpec {
  if (/\b(last week|semana pasada)\b/.test(normalized)) {
    const monday = addDays(mondayOf(today), -7);
    return { from: monday, to: addDays(monday, 6), label: 'last_week' };
  }
  if (/\b(this month|este mes)\b/.test(normalized)) {
    return { from: `${today.slice(0, 7)}-01`, to: today, label: 'this_month' };
  }
  if (/\b(yesterday|ayer)\b/.test(normalized)) {
    const d = addDays(today, -1);
    return { from: d, to: d, label: 'yesterday' };
  }
  if (/\b(today|hoy)\b/.test(normalized)) return { from: today, to: today, label: 'today' };
  const day = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(normalized);
  if (day) return { from: day[0], to: day[0], label: 'date' };
  const monday = mondayOf(today);
  return { from: monday, to: addDays(monday, 6), label: 'this_week' };
}

const KIND_PATTERNS: [ChatKind, RegExp][] = [
  ['contact', /\b(phone|number|email|e-mail|contact|call|telefono|numero|correo|contacto|llamar)\b/],
  ['budget', /\b(budget|budgeted|over budget|presupuesto|presupuestad[oa]s?)\b/],
  ['hours', /\b(hours?|horas?|how much time|cuanto tiempo)\b/],
  ['tasks', /\b(tasks?|to-?dos?|punch|tareas?|pendientes)\b/],
  [
    'schedule',
    /\b(who|who's|whos|where|scheduled|schedule|working|crew on|quien|quienes|donde|programad[oa]s?|horario|trabaja|trabajan|trabajo)\b/,
  ],
  ['help', /\b(help|what can you|ayuda|que puedes|que sabes)\b/],
];

export function parseQuestion(text: string, today: IsoDate, fallback: ChatLanguage = 'en'): ParsedQuestion {
  const normalized = normalizeText(text);
  const language = detectLanguage(text, fallback);
  const kind = KIND_PATTERNS.find(([, re]) => re.test(normalized))?.[0] ?? 'help';
  const crew = /\b(my crew|our crew|the crew|crew|mi cuadrilla|mi equipo|cuadrilla)\b/.test(normalized);
  const self = /\b(i|me|my|mine|am i|llevo|mis|mi|yo|tengo|he|trabajo|trabaje|estoy|voy)\b/.test(normalized);
  const code = /\b(\d{2}-\d{2,4}(?:-\d{1,4})?)\b/.exec(normalized);
  return {
    kind,
    language,
    date: dateIn(normalized, today) ?? today,
    period: periodIn(normalized, today),
    crew,
    self,
    costcode: code ? code[1] : null,
    normalized,
    subject:
      /\b(?:where is|where's|wheres|where are|donde esta|donde estan)\s+(?:the |my |our |el |la |los |las |mi |nuestro |nuestra )?(.+?)(?:\s+(?:now|right now|today|ahora|hoy))?$/.exec(
        normalized,
      )?.[1] ?? null,
  };
}

/** Whether `name` (a job or a person's name) is mentioned in the normalized question, as whole words. */
export function mentions(normalized: string, name: string | null | undefined): boolean {
  const n = normalizeText(name ?? '');
  if (n.length < 2) return false;
  return new RegExp(`(^|\\s)${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\s|')`).test(normalized);
}
