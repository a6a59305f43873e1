import { z } from 'zod';

/**
 * Tools (spec §2 /modules/tool20, §3 Tool, Container, Reservation, §4 archive patterns): the rules the server
 * and the web app share. Dates are 'YYYY-MM-DD'; a reservation covers its start and end days inclusive, so one
 * ending on the 5th and the next starting on the 6th are adjacent (allowed), the same day twice overlaps.
 */

/** Status: 1 active; anything else archived (spec §4). */
export const TOOL_STATUS = { archived: 0, active: 1 } as const;
/** Spec §9 "Tool reservation default status". */
export const RESERVATION_DEFAULT_STATUS = 1;

export const TOOL_LIMITS = { name: 200, text: 2000, note: 500, maxIds: 500, maxCostCents: 100_000_000 } as const;

/** The note spec §4 asks for when a container is deleted: who moved the tools and when. */
export const containerDeletedNote = (container: string, who: string, when: string) =>
  `Container "${container}" was deleted by ${who} on ${when}; its tools were moved to headquarters.`;

export const TOOL_MESSAGES = {
  moved: 'Tool moved.',
  fetchError: 'There was a problem fetching tools.',
  moveError: 'There was a problem moving the tool.',
  required: 'Required.',
  invalidDate: 'Enter a valid date.',
  endBeforeStart: 'The end date cannot be before the start date.',
  container: 'Choose one of the company’s containers.',
  tool: 'Tool not found.',
  secondHq: 'The company already has a headquarters container.',
  hqDelete: 'The headquarters container cannot be deleted or archived.',
  hqFlag: 'The headquarters flag cannot be changed.',
  job: 'Choose one of the company’s jobs.',
  person: 'Choose a person of this company.',
  holder: 'A reservation is for a person, a job, or both.',
  cost: 'Enter a cost of zero or more, in cents.',
  toolNumber: 'Another tool already has that number.',
  completed: 'That reservation is already completed.',
  /** Shelf.nu's booking check: the refusal names the tool and the reservation it collides with. */
  overlap: (tool: string, start: string, end: string, holder: string | null) =>
    `${tool} is already reserved from ${start} to ${end}${holder ? ` for ${holder}` : ''}.`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD' between 1900 and 2999. */
export function isToolDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Two inclusive day ranges share at least one day. Adjacent ranges (one ends the day before the next) do not. */
export function rangesOverlap(a: { start_date: string; end_date: string }, b: { start_date: string; end_date: string }): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/** Active reservation (spec §4): status 1 and not completed; anything else is archived. */
export const isActiveReservation = (r: { status: number; is_completed: boolean }) => r.status === 1 && !r.is_completed;

/** Overdue: active, and its end day is before today. */
export const isOverdue = (r: { status: number; is_completed: boolean; end_date: string }, today: string) =>
  isActiveReservation(r) && r.end_date < today;

/** What a scanned QR code or a typed value names: a tool number, or a container id. */
export type ScanTarget = { kind: 'tool'; number: string } | { kind: 'container'; id: number } | null;

export const toolQr = (toolNumber: string) => `GW-TOOL:${toolNumber}`;
export const containerQr = (id: number) => `GW-CONTAINER:${id}`;

export function parseScan(raw: string): ScanTarget {
  const value = raw.trim();
  if (!value) return null;
  const tool = /^GW-TOOL:(.+)$/i.exec(value);
  if (tool) return { kind: 'tool', number: tool[1].trim().toUpperCase() };
  const container = /^GW-CONTAINER:(\d{1,9})$/i.exec(value);
  if (container) return { kind: 'container', id: Number(container[1]) };
  // A typed tool number: "T-0042", "t-42" or "42".
  const typed = /^(?:T-?)?(\d{1,6})$/i.exec(value);
  if (typed) return { kind: 'tool', number: formatToolNumber(Number(typed[1])) };
  return { kind: 'tool', number: value.toUpperCase() };
}

export const formatToolNumber = (n: number) => `T-${String(n).padStart(4, '0')}`;

const text = (max: number) => z.string().max(max, `You must enter a maximum of ${max} characters`).nullable().optional();
const dateField = z.string().refine(isToolDate, TOOL_MESSAGES.invalidDate);

/** Tools' generic record fields (container_id and last_log change only through moves). */
export const toolRecordSchema = z
  .object({
    name: z.string().trim().min(1, TOOL_MESSAGES.required).max(TOOL_LIMITS.name).optional(),
    description: text(TOOL_LIMITS.text),
    category: text(TOOL_LIMITS.name),
    make: text(TOOL_LIMITS.name),
    model: text(TOOL_LIMITS.name),
    serial: text(TOOL_LIMITS.name),
    purchase_date: dateField.nullable().optional(),
    purchase_cost_cents: z
      .number()
      .int()
      .min(0, TOOL_MESSAGES.cost)
      .max(TOOL_LIMITS.maxCostCents, TOOL_MESSAGES.cost)
      .nullable()
      .optional(),
  })
  .passthrough();

export const containerRecordSchema = z
  .object({ container_name: z.string().trim().min(1, TOOL_MESSAGES.required).max(TOOL_LIMITS.name).optional() })
  .passthrough();

export const reservationRecordSchema = z
  .object({ start_date: dateField.optional(), end_date: dateField.optional(), note: text(TOOL_LIMITS.note) })
  .passthrough()
  .refine((r) => !r.start_date || !r.end_date || r.start_date <= r.end_date, { message: TOOL_MESSAGES.endBeforeStart, path: ['end_date'] });
