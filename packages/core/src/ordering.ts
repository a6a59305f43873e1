import Papa from 'papaparse';
import { z } from 'zod';
import { isRecipientEmail } from './identity.js';

/**
 * Buying materials (spec §2 /modules/inventory and /modules/ordering; §3 Item, Item type/class, Bundle item, Order,
 * Vendor; §5 bulk item create; §9 bundle quantity default 1, order recipients split on semicolons): the rules the
 * server and the web app share. Money is integer cents; quantities are decimals with up to 3 places.
 */

/** Status: 1 active; anything else archived (spec §4: orders move between archived and active). */
export const ORDER_STATUS = { archived: 0, active: 1 } as const;
/** Spec §9 "Bundle quantity default". */
export const BUNDLE_DEFAULT_QUANTITY = 1;
/** How long a purchase order's acknowledgement link works. */
export const ACK_LINK_DAYS = 30;
export const ORDER_ACK_PATH = '/po';

export const ORDERING_LIMITS = {
  name: 200,
  text: 4000,
  unit: 20,
  lines: 200,
  bulk: 500,
  recipients: 20,
  maxCents: 1_000_000_000,
  maxQuantity: 1_000_000,
} as const;

export const ORDERING_MESSAGES = {
  sent: 'Order added and email sent successfully.',
  resent: 'Order sent again.',
  saved: 'Order saved.',
  archived: 'Order archived.',
  unarchived: 'Order restored.',
  duplicated: 'Order duplicated.',
  itemAdded: 'Item added.',
  itemsAdded: (n: number) => `${n} items added.`,
  itemSaved: 'Item saved.',
  vendorSaved: 'Vendor saved.',
  fetchItems: 'There was a problem fetching items.',
  fetchOrders: 'There was a problem fetching orders.',
  fetchVendors: 'There was a problem fetching vendors.',
  required: 'Required.',
  invalidDate: 'Enter a valid date.',
  deliverBeforeOrder: 'The delivery date cannot be before the order date.',
  duplicateItems: (names: string[]) => `Duplicate items detected: ${names.join(', ')}`,
  duplicateInBatch: (names: string[]) => `Duplicate items within batch: ${names.join(', ')}`,
  noItems: 'Add at least one item.',
  tooManyItems: `Too many items: at most ${500} in one batch.`,
  invalidEmail: (address: string) => `Invalid email address: ${address}`,
  noRecipients: 'Enter at least one e-mail address to send to.',
  tooManyRecipients: `Too many recipients: at most ${20}.`,
  noLines: 'An order needs at least one line.',
  tooManyLines: `Too many lines: at most ${200} on one order.`,
  lineText: 'Each line needs an item or a description.',
  quantity: 'Enter a quantity greater than zero.',
  cost: 'Enter a cost of zero or more.',
  job: 'Choose one of the company’s jobs.',
  vendor: 'Choose one of the company’s vendors.',
  item: 'Choose one of the company’s items.',
  costcode: 'Choose one of the company’s cost codes.',
  bundleSelf: 'A bundle cannot contain itself.',
  bundleNested: 'A bundle cannot contain another bundle.',
  parentSelf: 'A type cannot be its own parent.',
  insuranceLapsed: (vendor: string, date: string) => `${vendor}'s insurance expired on ${date}.`,
  archivedOrder: 'That order is archived: restore it first.',
  ackInvalid: 'This link is not valid or has expired. Ask the sender for a new one.',
  ackDone: 'Thank you: the order is acknowledged.',
  ackAlready: 'This order was already acknowledged.',
  itemFailed: (action: string) => `Failed to ${action} item.`,
} as const;

/**
 * Splits a recipients field (spec §9: on semicolons; commas and new lines too), trims, lowercases for the
 * comparison, de-duplicates (first spelling kept) and names the first invalid address.
 */
export function parseRecipients(raw: string | null | undefined): { emails: string[]; invalid: string | null } {
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const part of (raw ?? '').split(/[;,\n]/)) {
    const address = part.trim();
    if (!address) continue;
    if (!isRecipientEmail(address)) return { emails, invalid: address };
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(address);
  }
  return { emails, invalid: null };
}

/** The recipients as stored: joined with '; ' (the spec's own separator). */
export const joinRecipients = (emails: readonly string[]) => emails.join('; ');

/** A z refinement for a recipients field: every address valid, at most the limit. */
const recipientsField = z
  .string()
  .max(ORDERING_LIMITS.text)
  .superRefine((value, ctx) => {
    const { emails, invalid } = parseRecipients(value);
    if (invalid) ctx.addIssue({ code: 'custom', message: ORDERING_MESSAGES.invalidEmail(invalid) });
    else if (emails.length > ORDERING_LIMITS.recipients) ctx.addIssue({ code: 'custom', message: ORDERING_MESSAGES.tooManyRecipients });
  });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isOrderDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2999 && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
const dateField = z.string().refine(isOrderDate, ORDERING_MESSAGES.invalidDate);
const text = (max: number) => z.string().max(max, `You must enter a maximum of ${max} characters`).nullable().optional();
const cents = z.number().int().min(0, ORDERING_MESSAGES.cost).max(ORDERING_LIMITS.maxCents, ORDERING_MESSAGES.cost);
const quantity = z
  .number()
  .positive(ORDERING_MESSAGES.quantity)
  .max(ORDERING_LIMITS.maxQuantity, ORDERING_MESSAGES.quantity)
  .refine((q) => Math.round(q * 1000) === q * 1000, ORDERING_MESSAGES.quantity);

/** An item's name as the catalogue compares it (spec §5: case-insensitively), spaces collapsed. */
export const itemKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const itemRecordSchema = z
  .object({
    item: z.string().trim().min(1, ORDERING_MESSAGES.required).max(ORDERING_LIMITS.name).optional(),
    active: z.enum(['true', 'false']).optional(),
    unit: text(ORDERING_LIMITS.unit),
    description: text(ORDERING_LIMITS.text),
    acc_id: text(ORDERING_LIMITS.name),
    unit_cost_cents: cents.nullable().optional(),
  })
  .passthrough();

export const itemTreeRecordSchema = z
  .object({ partclass: z.string().trim().min(1, ORDERING_MESSAGES.required).max(ORDERING_LIMITS.name).optional() })
  .passthrough();

export const bundleItemRecordSchema = z.object({ quantity: quantity.optional() }).passthrough();

export const vendorRecordSchema = z
  .object({
    name: z.string().trim().min(1, ORDERING_MESSAGES.required).max(ORDERING_LIMITS.name).optional(),
    contact_name: text(ORDERING_LIMITS.name),
    emails: recipientsField.nullable().optional(),
    phone: text(40),
    address: text(ORDERING_LIMITS.text),
    notes: text(ORDERING_LIMITS.text),
    insurance_expires: dateField.nullable().optional(),
  })
  .passthrough();

/** One line of a purchase order: a catalogue item or free text, with quantity, unit and unit cost. */
export const orderLineSchema = z
  .object({
    items_id: z.number().int().positive().nullable().optional(),
    description: z.string().trim().max(ORDERING_LIMITS.name).nullable().optional(),
    quantity,
    unit: text(ORDERING_LIMITS.unit),
    unit_cost_cents: cents.nullable().optional(),
    costcodes_id: z.number().int().positive().nullable().optional(),
  })
  .refine((l) => l.items_id || l.description, { message: ORDERING_MESSAGES.lineText, path: ['description'] });
export type OrderLine = z.infer<typeof orderLineSchema> & { bundle?: string | null };

const linesField = z.array(orderLineSchema).min(1, ORDERING_MESSAGES.noLines).max(ORDERING_LIMITS.lines, ORDERING_MESSAGES.tooManyLines);

/** The order's fields for the generic record operations (every key optional: updates send what changed). */
export const orderRecordSchema = z
  .object({
    order_date: dateField.optional(),
    deliver_date: dateField.nullable().optional(),
    to_emails: recipientsField.nullable().optional(),
    cc_email: recipientsField.nullable().optional(),
    notes: text(ORDERING_LIMITS.text),
    delivery_address: text(ORDERING_LIMITS.text),
    lines: linesField.optional(),
  })
  .passthrough()
  .refine((o) => !o.order_date || !o.deliver_date || o.order_date <= o.deliver_date, {
    message: ORDERING_MESSAGES.deliverBeforeOrder,
    path: ['deliver_date'],
  });

/** The order dialog's form: what "Save and send" needs (a job, a vendor, lines and someone to send to). */
export const orderFormSchema = z
  .object({
    jobs_id: z.number({ message: ORDERING_MESSAGES.job }).int().positive(ORDERING_MESSAGES.job),
    vendor_id: z.number({ message: ORDERING_MESSAGES.vendor }).int().positive(ORDERING_MESSAGES.vendor),
    order_date: dateField,
    deliver_date: dateField.nullable().optional(),
    to_emails: recipientsField,
    cc_email: recipientsField.nullable().optional(),
    notes: text(ORDERING_LIMITS.text),
    delivery_address: text(ORDERING_LIMITS.text),
    lines: linesField,
  })
  .refine((o) => !o.deliver_date || o.order_date <= o.deliver_date, {
    message: ORDERING_MESSAGES.deliverBeforeOrder,
    path: ['deliver_date'],
  });
export type OrderForm = z.infer<typeof orderFormSchema>;
/** Sending needs someone to send to. */
export const orderSendSchema = orderFormSchema.refine((o) => parseRecipients(o.to_emails).emails.length > 0, {
  message: ORDERING_MESSAGES.noRecipients,
  path: ['to_emails'],
});

/** A line's total in cents (quantity × unit cost, rounded to the cent). */
export const lineTotalCents = (l: { quantity: number; unit_cost_cents?: number | null }) =>
  Math.round(l.quantity * (l.unit_cost_cents ?? 0));

export const orderTotalCents = (lines: readonly { quantity: number; unit_cost_cents?: number | null }[]) =>
  lines.reduce((sum, l) => sum + lineTotalCents(l), 0);

export const formatCents = (cents: number, locale = 'en-US') =>
  (cents / 100).toLocaleString(locale, { style: 'currency', currency: 'USD' });

/** PO-0042: the number a vendor quotes back. */
export const formatPoNumber = (n: number) => `PO-${String(n).padStart(4, '0')}`;

/** A vendor's insurance has lapsed when its expiry day is before today. */
export const insuranceLapsed = (expires: string | null | undefined, today: string) => !!expires && expires < today;

/** One row of a bulk create: a name, and optionally unit and unit cost (in dollars, as people type them). */
export type BulkItem = { item: string; unit?: string | null; unit_cost_cents?: number | null };

/** The separators a pasted list or CSV file may use: a comma, a tab (copied from a spreadsheet) or a semicolon. */
const CSV_SEPARATORS = [',', '\t', ';'];

/**
 * The rows of a pasted list or a CSV file's text, read by papaparse (RFC 4180: "a, b", "" for a quote, line breaks
 * inside quotes; CRLF; a UTF-8 BOM), its separator guessed from the text. A line that guess leaves whole is read
 * again on its own, so a line typed with commas below rows pasted from a spreadsheet still splits. Blank lines are
 * skipped; cells are trimmed.
 */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    delimitersToGuess: CSV_SEPARATORS,
    skipEmptyLines: 'greedy',
    step: ({ data, meta }) => {
      const line = text.slice(start, meta.cursor);
      start = meta.cursor;
      const cells =
        (data.length === 1 && Papa.parse<string[]>(line, { delimitersToGuess: CSV_SEPARATORS, skipEmptyLines: 'greedy' }).data[0]) || data;
      rows.push(cells.map((c) => c.trim()));
    },
  });
  return rows;
}

/**
 * A pasted list or a CSV file's text → items. One item per row; a row may carry `name, unit, cost` (comma, tab or
 * semicolon separated, as copied from a spreadsheet or saved by one). A first row naming the columns ("item",
 * "name") is a header.
 */
export function parseBulkItems(raw: string): BulkItem[] {
  const rows = csvRows(raw.replace(/^\uFEFF/, ''));
  const out: BulkItem[] = [];
  for (const [i, [name, unit, cost]] of rows.entries()) {
    if (i === 0 && /^(item|name|item name)$/i.test(name ?? '')) continue;
    if (!name) continue;
    const dollars = cost ? Number(cost.replace(/[$,\s]/g, '')) : Number.NaN;
    out.push({
      item: name.replace(/\s+/g, ' '),
      unit: unit || null,
      unit_cost_cents: Number.isFinite(dollars) && dollars >= 0 ? Math.round(dollars * 100) : null,
    });
  }
  return out;
}

/** Names repeated within one batch (spec §5), each named once with its first spelling. */
export function duplicatesWithin(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  const dup = new Map<string, string>();
  for (const name of names) {
    const key = itemKey(name);
    if (seen.has(key) && !dup.has(key)) dup.set(key, seen.get(key) as string);
    else if (!seen.has(key)) seen.set(key, name.trim());
  }
  return [...dup.values()];
}

/**
 * Expands bundle lines into their items (quantity × each part's quantity), keeping the bundle's name on each part
 * so the PO shows where it came from. Plain lines pass through.
 */
export function expandBundles(
  lines: readonly OrderLine[],
  bundles: ReadonlyMap<
    number,
    { name: string; parts: { items_id: number; quantity: number; item: string; unit: string | null; unit_cost_cents: number | null }[] }
  >,
): OrderLine[] {
  return lines.flatMap((line) => {
    const bundle = line.items_id ? bundles.get(line.items_id) : undefined;
    if (!bundle?.parts.length) return [line];
    return bundle.parts.map((p) => ({
      items_id: p.items_id,
      description: p.item,
      quantity: Math.round(line.quantity * p.quantity * 1000) / 1000,
      unit: p.unit,
      unit_cost_cents: p.unit_cost_cents,
      costcodes_id: line.costcodes_id ?? null,
      bundle: bundle.name,
    }));
  });
}
