import { describe, expect, it } from 'vitest';
import {
  duplicatesWithin,
  expandBundles,
  formatPoNumber,
  insuranceLapsed,
  orderFormSchema,
  orderSendSchema,
  orderTotalCents,
  parseBulkItems,
  parseRecipients,
} from './ordering.js';

describe('parseRecipients (spec §9: split on semicolons)', () => {
  it('splits on semicolons, commas and new lines, trims and de-duplicates case-insensitively', () => {
    expect(parseRecipients(' a@x.com ;b@x.com, A@X.com;\n c@x.com ;; ')).toEqual({
      emails: ['a@x.com', 'b@x.com', 'c@x.com'],
      invalid: null,
    });
  });
  it('names the first invalid address', () => {
    expect(parseRecipients('a@x.com; nope; also bad').invalid).toBe('nope');
    expect(parseRecipients('a@x').invalid).toBe('a@x');
    expect(parseRecipients('orders@acme.c').invalid).toBe('orders@acme.c');
  });
  it('takes any ending a domain may have, longer than sign-in allows', () => {
    expect(parseRecipients('orders@summit.construction; pm@ridge.engineering')).toEqual({
      emails: ['orders@summit.construction', 'pm@ridge.engineering'],
      invalid: null,
    });
  });
  it('reads nothing from an empty or missing field', () => {
    expect(parseRecipients('')).toEqual({ emails: [], invalid: null });
    expect(parseRecipients(null)).toEqual({ emails: [], invalid: null });
  });
});

describe('bulk items (spec §5)', () => {
  it('reads one item per line, with unit and cost from a pasted spreadsheet or CSV, skipping a header', () => {
    expect(parseBulkItems('Item,Unit,Cost\n"Bolt, 1/2 x 6",ea,$1.15\nWasher\tea\t0.12\n\n  Nails   16d  \n')).toEqual([
      { item: 'Bolt, 1/2 x 6', unit: 'ea', unit_cost_cents: 115 },
      { item: 'Washer', unit: 'ea', unit_cost_cents: 12 },
      { item: 'Nails 16d', unit: null, unit_cost_cents: null },
    ]);
  });
  it('reads a CSV file saved with a BOM, semicolons and CRLF, with a quoted name running over two lines', () => {
    const csv = '\uFEFFItem;Unit;Cost\r\n"Joist hanger\r\nLUS28, galv.";ea;$1.89\r\n"Caulk ""clear""";tube;4\r\nRebar #4;stick;\r\n';
    expect(parseBulkItems(csv)).toEqual([
      { item: 'Joist hanger LUS28, galv.', unit: 'ea', unit_cost_cents: 189 },
      { item: 'Caulk "clear"', unit: 'tube', unit_cost_cents: 400 },
      { item: 'Rebar #4', unit: 'stick', unit_cost_cents: null },
    ]);
  });
  it('reads a spreadsheet paste by its tabs, keeping commas inside names, and a plain list one name a line', () => {
    expect(parseBulkItems('Bolt, 1/2 x 6\tea\t1.15\nWasher\tea\t0.12\n')).toEqual([
      { item: 'Bolt, 1/2 x 6', unit: 'ea', unit_cost_cents: 115 },
      { item: 'Washer', unit: 'ea', unit_cost_cents: 12 },
    ]);
    expect(parseBulkItems('Name\nTyvek roll\n\n  OSB 7/16 \n')).toEqual([
      { item: 'Tyvek roll', unit: null, unit_cost_cents: null },
      { item: 'OSB 7/16', unit: null, unit_cost_cents: null },
    ]);
  });
  it('names each name repeated within a batch once, compared case-insensitively', () => {
    expect(duplicatesWithin(['OSB 7/16', 'Tyvek', 'osb  7/16', 'OSB 7/16', 'tyvek'])).toEqual(['OSB 7/16', 'Tyvek']);
    expect(duplicatesWithin(['a', 'b'])).toEqual([]);
  });
});

describe('orders', () => {
  const bundles = new Map([
    [
      7,
      {
        name: 'Footing kit',
        parts: [
          { items_id: 1, quantity: 10, item: 'Rebar #4', unit: 'stick', unit_cost_cents: 1150 },
          { items_id: 2, quantity: 1, item: 'Chair', unit: 'ea', unit_cost_cents: 35 },
        ],
      },
    ],
  ]);
  it('expands a bundle line into its parts, multiplying quantities, and leaves other lines alone', () => {
    const lines = expandBundles(
      [
        { items_id: 7, quantity: 2.5, costcodes_id: 3 },
        { description: 'Delivery fee', quantity: 1, unit_cost_cents: 7500 },
      ],
      bundles,
    );
    expect(lines).toEqual([
      { items_id: 1, description: 'Rebar #4', quantity: 25, unit: 'stick', unit_cost_cents: 1150, costcodes_id: 3, bundle: 'Footing kit' },
      { items_id: 2, description: 'Chair', quantity: 2.5, unit: 'ea', unit_cost_cents: 35, costcodes_id: 3, bundle: 'Footing kit' },
      { description: 'Delivery fee', quantity: 1, unit_cost_cents: 7500 },
    ]);
    expect(orderTotalCents(lines)).toBe(25 * 1150 + Math.round(2.5 * 35) + 7500);
  });
  it('checks the form: lines, quantities, dates; sending needs a recipient', () => {
    const base = { jobs_id: 1, vendor_id: 2, order_date: '2026-11-23', to_emails: '', lines: [{ description: 'x', quantity: 1 }] };
    expect(orderFormSchema.safeParse(base).success).toBe(true);
    expect(orderSendSchema.safeParse(base).error?.issues[0]?.message).toBe('Enter at least one e-mail address to send to.');
    expect(orderFormSchema.safeParse({ ...base, lines: [] }).error?.issues[0]?.message).toBe('An order needs at least one line.');
    expect(orderFormSchema.safeParse({ ...base, lines: [{ quantity: 0, description: 'x' }] }).success).toBe(false);
    expect(orderFormSchema.safeParse({ ...base, lines: [{ quantity: 1.0005, description: 'x' }] }).success).toBe(false);
    expect(orderFormSchema.safeParse({ ...base, deliver_date: '2026-11-01' }).error?.issues[0]?.message).toBe(
      'The delivery date cannot be before the order date.',
    );
    expect(orderFormSchema.safeParse({ ...base, to_emails: 'a@x.com; bad' }).error?.issues[0]?.message).toBe('Invalid email address: bad');
  });
  it('numbers and flags', () => {
    expect(formatPoNumber(42)).toBe('PO-0042');
    expect(insuranceLapsed('2026-11-22', '2026-11-23')).toBe(true);
    expect(insuranceLapsed('2026-11-23', '2026-11-23')).toBe(false);
    expect(insuranceLapsed(null, '2026-11-23')).toBe(false);
  });
});
