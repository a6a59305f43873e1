import { z } from 'zod';

/**
 * The accounting integration (spec §7 accountingSystemConnection, accountingSystemApi, setAccountingSystem; issue 23):
 * QuickBooks Online. Shared by the server's validation and the accounting-system dialog.
 */

/** Spec §4: the connection counts as connected only when the server's message equals this. */
export const CONNECTED = 'Connected';

/** accountingsystems_id of QuickBooks Online (tenants.accountingsystems_id). */
export const QUICKBOOKS_ONLINE = { id: 1, title: 'QuickBooks Online' } as const;

export const ACCOUNTING_MESSAGES = {
  notConfigured: 'QuickBooks is not configured on this server.',
  notConnected: 'QuickBooks is not connected.',
  disconnected: 'QuickBooks disconnected: the connection was revoked or has expired. Reconnect to resume syncing.',
  disconnectedDone: 'Disconnected',
  unknownSystem: 'Unknown accounting system.',
  badEvent: 'event_type must be connect, check or disconnect.',
  badAction: 'action must be one of mapping, map, preview, push or log.',
  unknownRecord: 'No such record to map.',
  unreachable: 'QuickBooks could not be reached. Try again later.',
  badRedirect: 'redirect_uri must be a page of this app.',
} as const;

/** The external time-card system's messages (QuickBooks Time; the server's timecard-system module). */
export const TIMECARD_SYSTEM_MESSAGES = {
  notConfigured: 'QuickBooks Time is not configured on this server.',
  notConnected: 'QuickBooks Time is not connected.',
  expired: 'QuickBooks Time disconnected: the connection was revoked or has expired. Reconnect to import time.',
  disconnectedDone: 'Disconnected',
  unknownSystem: 'Unknown time-card system.',
  badEvent: 'event_type must be connect, check or disconnect.',
  badAction: 'action must be one of mapping, map, preview, import or log.',
  unknownRecord: 'No such record to map.',
  unreachable: 'QuickBooks Time could not be reached. Try again later.',
  badRedirect: 'redirect_uri must be a page of this app.',
  periodTooLong: 'A pay period is at most 31 days.',
} as const;

export const CONNECTION_EVENTS = ['connect', 'check', 'disconnect'] as const;
export type ConnectionEvent = (typeof CONNECTION_EVENTS)[number];

/** What can be linked, and the QuickBooks entity each links to. */
export const MAPPING_KINDS = {
  person: 'Employee',
  job: 'Customer',
  costcode: 'Item',
  vendor: 'Vendor',
  item: 'Item',
} as const;
export type MappingKind = keyof typeof MAPPING_KINDS;
export const mappingKinds = Object.keys(MAPPING_KINDS) as MappingKind[];

export const API_ACTIONS = ['mapping', 'map', 'preview', 'push', 'log'] as const;
export type ApiAction = (typeof API_ACTIONS)[number];

/** What the sync sends, and as what. */
export const SYNC_TYPES = { timecard_entry: 'TimeActivity', receipt: 'Purchase', order: 'PurchaseOrder' } as const;
export type SyncType = keyof typeof SYNC_TYPES;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.');

export const mapPayloadSchema = z.object({
  kind: z.enum(mappingKinds as [MappingKind, ...MappingKind[]]),
  local_id: z.number().int().positive(),
  /** null removes the link. */
  remote_id: z.string().trim().min(1).max(64).nullable(),
  remote_name: z.string().max(500).nullable().optional(),
});
export type MapPayload = z.infer<typeof mapPayloadSchema>;

export const syncPayloadSchema = z
  .object({
    types: z
      .array(z.enum(Object.keys(SYNC_TYPES) as [SyncType, ...SyncType[]]))
      .min(1)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'from must not be after to.', path: ['from'] });
export type SyncPayload = z.infer<typeof syncPayloadSchema>;

export const logPayloadSchema = z.object({ limit: z.number().int().min(1).max(500).optional() });

/** Names compared for suggestions: case, accents, punctuation and spacing do not matter. */
export const normalName = (name: string | null | undefined): string =>
  (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The QuickBooks entity a local record most likely is: the same name, else one whose name contains the other's
 * (only when exactly one does, so a guess is never a coin toss).
 */
export function suggestRemote<R extends { id: string; name: string }>(local: string, remotes: readonly R[]): R | null {
  const want = normalName(local);
  if (!want) return null;
  const exact = remotes.filter((r) => normalName(r.name) === want);
  if (exact.length === 1) return exact[0] ?? null;
  if (exact.length > 1) return null;
  const partial = remotes.filter((r) => {
    const name = normalName(r.name);
    return name.length > 2 && (name.includes(want) || want.includes(name));
  });
  return partial.length === 1 ? (partial[0] ?? null) : null;
}
