import { z } from 'zod';

/**
 * The chatbot's shared rules (issue 22): what a question may be, its language, and the text and date helpers the
 * built-in understanding (chatbot-understand.ts, issue 48) reads questions with.
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

/** Control characters (a pasted escape, a bell) are dropped: none mean anything in a question (NUL is refused earlier). */
const CONTROL = new RegExp(
  `[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]`,
  'g',
);

export const chatQuestionSchema = z
  .string()
  .transform((s) => s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, CHAT_MESSAGES.empty).max(CHAT_LIMITS.questionMax, CHAT_MESSAGES.tooLong));

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
  /[¿¡ñáéíóú]|\b(quien|quienes|donde|cuantas|cuantos|cuanto|horas|hrs de|manana|hoy|ayer|semana|esta|este|estan|mis|mi|llevo|lleva|presupuesto|tareas|telefono|correo|proyecto|proyectos|obra|obras|trabaja|trabajo|trabajan|trabaje|programad[oa]s?|de|del|en|que|cual|cuales|el|la|los|las|y|hay|tengo|tiene|mis|recibos|gastos|gaste|pedidos|ordenes|orden|proveedor|proveedores|anuncios|avisos|notificaciones|herramientas|herramienta|reservas|vencidas|pendientes|cuadrilla|equipo|firmado|firmar|tarjeta|reporte|reportes|diario|mano|jueves|viernes|sabado|domingo|lunes|martes|miercoles|pasado|pasada|ultimos|ultimas|numero|celular|dirige|capataz|encargado|queda|dime|dame|ignora|nuevos|se|mando|troca|caja)\b/;
const ENGLISH =
  /\b(who|whos|where|wheres|what|whats|how|many|much|hours|hrs|today|tomorrow|yesterday|week|my|budget|tasks|phone|email|scheduled|the|is|are|did|do|does|any|show|me|on|at|for|receipts|orders|pos|po|announcements|notifications|tools|crew|jobs|job|runs|i|am|last|next|this|and|of|in|number|contact|latest|overdue|reservations|daily|report|reports|unread|spent|help)\b/;

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
