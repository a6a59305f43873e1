import { ORDERING_MESSAGES, parseBulkItems } from '@groundwork/core/ordering';
import { MODULES } from '@groundwork/core/permissions';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { formatMoney } from '../../platform/texts.js';
import { createMember, createTenant, TEST_SECRET, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { errorCode as code, errorMessage as message, okData as ok, useTestApp } from '../../testing/test-app.js';
import { useTempDir } from '../../testing/uploads.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { TENANT_HEADER } from '../files/files.routes.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { ackToken } from './ordering.service.js';
import { items } from './ordering.table.js';

const filesDir = useTempDir('gw-ordering-');
const t = useTestApp({ config: { filesDir } });

async function makeJob(tenant: string, name = 'Main Street') {
  return withTenant(t.database.db, tenant, async (tx) => {
    const [j] = await tx
      .insert(jobs)
      .values({ tenant_uuid: tenant, job: name, job_abbr: 'MS', street: '12 Main St', city: 'Boise' })
      .returning();
    return j.id;
  });
}

// --- The generic operations of each model -------------------------------------------------------------

describeModelContract(t, {
  name: 'Items',
  fields: 'id item active status unit unit_cost_cents',
  admin: 'ordering_admin',
  readOnly: 'ordering_basic',
  none: 'people_basic',
  valid: { item: `2x4 stud ${Math.random()}`, unit: 'ea', unit_cost_cents: 450 },
  invalid: { item: '' },
  change: { unit: 'bundle', active: 'false' },
});

describeModelContract(t, {
  name: 'Itemtypes',
  fields: 'id partclass parent_id status',
  admin: 'ordering_admin',
  readOnly: 'tool20_basic',
  none: 'people_basic',
  valid: { partclass: 'Lumber' },
  invalid: { partclass: '   ' },
  change: { partclass: 'Framing lumber' },
});

describeModelContract(t, {
  name: 'Itemclasses',
  fields: 'id partclass parent_id status',
  admin: 'ordering_admin',
  readOnly: 'ordering_basic',
  none: 'receipts_basic',
  valid: { partclass: 'Framing' },
  invalid: { partclass: '' },
  change: { partclass: 'Rough framing' },
});

describeModelContract(t, {
  name: 'Vendors',
  fields: 'id name emails is_supplier insurance_expires',
  admin: 'ordering_admin',
  readOnly: 'ordering_basic',
  none: 'people_basic',
  valid: { name: 'Boise Lumber', emails: 'orders@boiselumber.com; sam@boiselumber.com', is_supplier: true },
  invalid: { emails: 'orders@boiselumber.com; not-an-address' },
  change: { name: 'Boise Lumber Co.', insurance_expires: '2027-01-31' },
});

describeModelContract(t, {
  name: 'BundleItems',
  fields: 'id bundle_items_id items_id quantity',
  admin: 'ordering_admin',
  readOnly: 'ordering_basic',
  none: 'people_basic',
  valid: {},
  invalid: { quantity: 0 },
  change: { quantity: 4 },
  fixture: async (app, owner) => {
    const made = ok(
      await app.gql(
        'mutation($t: ID!, $d: [ItemsInput!]!) { createItems(tenant_uuid: $t, data: $d) { id } }',
        { t: owner.tenantUuid, d: [{ item: `Kit ${Math.random()}` }, { item: `Part ${Math.random()}` }] },
        owner.token,
      ),
    ).createItems as { id: number }[];
    return { bundle_items_id: made[0].id, items_id: made[1].id };
  },
});

// Orders: ordering_basic reads (their own) and adds only for themselves, so the contract's valid order names the
// admin as its owner (a basic member may not add one for someone else); own records are tested below.
describeModelContract(t, {
  name: 'Orders',
  fields: 'id po_number order_date status employees_id total_cents lines notes',
  admin: 'ordering_admin',
  readOnly: 'ordering_basic',
  none: 'people_basic',
  valid: { order_date: '2026-11-20', lines: [{ description: 'Rebar #4, 20 ft', quantity: 40, unit: 'ea', unit_cost_cents: 1150 }] },
  invalid: { order_date: '2026-11-20', deliver_date: '2026-11-01' },
  change: { notes: 'Call before delivery' },
  fixture: async (_t, owner) => ({ employees_id: owner.employeeId }),
});

// --- Catalogue rules ----------------------------------------------------------------------------------

const BULK = `mutation($t: ID!, $d: [BulkItemInput!]!, $type: Int) {
  bulkCreateItems(tenant_uuid: $t, items: $d, item_type_id: $type) { id item active status unit unit_cost_cents item_type_id } }`;
const SEARCH_ITEMS = `query($t: ID!, $q: String, $type: Int, $active: Boolean, $limit: Int, $next: String) {
  searchItems(tenant_uuid: $t, search: $q, item_type_id: $type, active: $active, limit: $limit, nextToken: $next) {
    items { id item vendor_name type_name is_bundle } nextToken } }`;
const CREATE_ITEMS = 'mutation($t: ID!, $d: [ItemsInput!]!) { createItems(tenant_uuid: $t, data: $d) { id item } }';
const CREATE_BUNDLE = 'mutation($t: ID!, $d: [BundleItemsInput!]!) { createBundleItems(tenant_uuid: $t, data: $d) { id quantity } }';
const CREATE_VENDOR = 'mutation($t: ID!, $d: [VendorsInput!]!) { createVendors(tenant_uuid: $t, data: $d) { id } }';
const ORDER_FIELDS = `id uuid po_number order_date status employees_id employee_name job_label vendor_name vendor_insurance_lapsed
  to_emails cc_email lines total_cents sent_on sent_to send_count acknowledged_on pdf_uuid`;
const SAVE = `mutation($t: ID!, $id: Int, $o: OrderFormInput!, $send: Boolean) {
  saveOrder(tenant_uuid: $t, id: $id, order: $o, send: $send) { message warning order { ${ORDER_FIELDS} } } }`;
const SEARCH_ORDERS = `query($t: ID!, $active: Boolean, $mine: Boolean, $q: String) {
  searchOrders(tenant_uuid: $t, active: $active, mine: $mine, search: $q) { items { ${ORDER_FIELDS} } nextToken } }`;
const GET_ORDER = `query($t: ID!, $id: Int!) { getOrder(tenant_uuid: $t, id: $id) { ${ORDER_FIELDS} } }`;
const STATUS = 'mutation($t: ID!, $ids: [Int!]!, $s: Int!) { setOrdersStatus(tenant_uuid: $t, ids: $ids, status: $s) { id status } }';
const DUPLICATE = `mutation($t: ID!, $id: Int!) { duplicateOrder(tenant_uuid: $t, id: $id) { ${ORDER_FIELDS} } }`;
const RESEND = `mutation($t: ID!, $id: Int!, $to: String) { resendOrder(tenant_uuid: $t, id: $id, to_emails: $to) { message order { ${ORDER_FIELDS} } } }`;
const SEND_EMAIL = `mutation($t: ID!, $to: String!, $cc: String, $s: String!, $m: String!, $f: [ID!], $b: Boolean) {
  sendEmail(tenant_uuid: $t, emails: $to, cc_emails: $cc, subject: $s, message: $m, attached_files: $f, default_email_boilerplate: $b) }`;

let tenant: string;
let admin: TestMember;
let buyer: TestMember;
let buyer2: TestMember;
let crew: TestMember;
let stranger: TestMember;
let job: number;
let vendor: number;
let lapsedVendor: number;
let code100: number;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Summit Ridge Builders');
  admin = await createMember(db, tenant, { permissions: ['ordering_admin'], firstname: 'Maria' });
  buyer = await createMember(db, tenant, { permissions: ['ordering_basic'], firstname: 'Luis' });
  buyer2 = await createMember(db, tenant, { permissions: ['ordering_basic'], firstname: 'Tom' });
  crew = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ben' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  job = await makeJob(tenant);
  code100 = await withTenant(db, tenant, async (tx) => {
    const [c] = await tx.insert(costcodes).values({ tenant_uuid: tenant, costcode: '03-100' }).returning();
    return c.id;
  });
  [vendor, lapsedVendor] = (
    ok(
      await t.gql(
        CREATE_VENDOR,
        {
          t: tenant,
          d: [
            { name: 'Boise Lumber', emails: 'orders@boiselumber.com', insurance_expires: '2099-12-31' },
            { name: 'Old Supply', emails: 'sales@oldsupply.com', insurance_expires: '2020-01-31' },
          ],
        },
        admin.token,
      ),
    ).createVendors as { id: number }[]
  ).map((v) => v.id);
});

describe('catalogue: bulk create (spec §5)', () => {
  it('adds a pasted batch with defaults: active true, status 1', async () => {
    const made = ok(
      await t.gql(
        BULK,
        { t: tenant, d: [{ item: '  Joist hanger   LUS28 ', unit: 'ea', unit_cost_cents: 189 }, { item: 'Anchor bolt 1/2 x 10' }] },
        admin.token,
      ),
    ).bulkCreateItems as { item: string; active: string; status: number }[];
    expect(made).toMatchObject([
      { item: 'Joist hanger LUS28', active: 'true', status: 1, unit: 'ea', unit_cost_cents: 189 },
      { item: 'Anchor bolt 1/2 x 10', active: 'true', status: 1 },
    ]);
  });

  it('adds the items of a CSV file as the web reads it: a BOM, semicolons, CRLF and a quoted name over two lines', async () => {
    const csv = '\uFEFFItem;Unit;Cost\r\n"Hurricane tie\r\nH2.5A, galv.";ea;$0.89\r\nSill gasket 5-1/2;roll;12\r\n';
    const made = ok(await t.gql(BULK, { t: tenant, d: parseBulkItems(csv) }, admin.token)).bulkCreateItems;
    expect(made).toMatchObject([
      { item: 'Hurricane tie H2.5A, galv.', unit: 'ea', unit_cost_cents: 89, active: 'true', status: 1 },
      { item: 'Sill gasket 5-1/2', unit: 'roll', unit_cost_cents: 1200 },
    ]);
  });

  it("refuses names already in the catalogue, compared case-insensitively, with the spec's message; nothing is added", async () => {
    const before = await countItems();
    const res = await t.gql(
      BULK,
      { t: tenant, d: [{ item: 'Plywood 3/4' }, { item: 'joist HANGER lus28' }, { item: 'ANCHOR BOLT 1/2 X 10' }] },
      admin.token,
    );
    expect(code(res)).toBe('VALIDATION');
    expect(message(res)).toBe('Duplicate items detected: Anchor bolt 1/2 x 10, Joist hanger LUS28');
    expect(await countItems()).toBe(before);
  });

  it('refuses names repeated within the batch, all or nothing', async () => {
    const before = await countItems();
    const res = await t.gql(BULK, { t: tenant, d: [{ item: 'OSB 7/16' }, { item: 'Tyvek roll' }, { item: 'osb 7/16' }] }, admin.token);
    expect(message(res)).toBe('Duplicate items within batch: OSB 7/16');
    expect(await countItems()).toBe(before);
  });

  it('the record operation applies the same rules, and an update may keep its own name', async () => {
    expect(message(await t.gql(CREATE_ITEMS, { t: tenant, d: [{ item: 'anchor bolt 1/2 x 10' }] }, admin.token))).toBe(
      'Duplicate items detected: Anchor bolt 1/2 x 10',
    );
    const [bolt] = ok(await t.gql(SEARCH_ITEMS, { t: tenant, q: 'anchor' }, admin.token)).searchItems.items;
    const update = 'mutation($t: ID!, $d: [ItemsUpdateInput!]!) { updateItems(tenant_uuid: $t, data: $d) { id item } }';
    ok(await t.gql(update, { t: tenant, d: [{ id: bolt.id, item: 'Anchor Bolt 1/2 x 10' }] }, admin.token));
  });

  it('refuses an empty batch, an empty name and a negative cost; basic members may not add', async () => {
    expect(message(await t.gql(BULK, { t: tenant, d: [] }, admin.token))).toBe(ORDERING_MESSAGES.noItems);
    expect(code(await t.gql(BULK, { t: tenant, d: [{ item: ' ' }] }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(BULK, { t: tenant, d: [{ item: 'Nails', unit_cost_cents: -1 }] }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(BULK, { t: tenant, d: [{ item: 'Nails' }] }, buyer.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(BULK, { t: tenant, d: [{ item: 'Nails' }] }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(BULK, { t: tenant, d: [{ item: 'Nails' }] }, stranger.token))).toBe('NOT_FOUND');
  });

  it('searches by text and pages by name; another company sees none of it', async () => {
    const names = Array.from({ length: 7 }, (_, i) => ({ item: `Deck screw box ${String(i).padStart(2, '0')}` }));
    ok(await t.gql(BULK, { t: tenant, d: names }, admin.token));
    const first = ok(await t.gql(SEARCH_ITEMS, { t: tenant, q: 'deck screw', limit: 4 }, buyer.token)).searchItems;
    expect(first.items.map((i: { item: string }) => i.item)).toEqual(names.slice(0, 4).map((n) => n.item));
    const second = ok(await t.gql(SEARCH_ITEMS, { t: tenant, q: 'deck screw', limit: 4, next: first.nextToken }, buyer.token)).searchItems;
    expect(second.items).toHaveLength(3);
    expect(second.nextToken).toBeNull();
    expect(code(await t.gql(SEARCH_ITEMS, { t: tenant, q: 'deck' }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(SEARCH_ITEMS, { t: tenant, limit: 0 }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(SEARCH_ITEMS, { t: tenant, next: 'forged' }, admin.token))).toBe('VALIDATION');
  });

  it('a bundle cannot hold itself or another bundle', async () => {
    const [kit, part, kit2] = ok(
      await t.gql(CREATE_ITEMS, { t: tenant, d: [{ item: 'Door kit' }, { item: 'Door slab' }, { item: 'Frame kit' }] }, admin.token),
    ).createItems as { id: number }[];
    ok(await t.gql(CREATE_BUNDLE, { t: tenant, d: [{ bundle_items_id: kit.id, items_id: part.id }] }, admin.token));
    expect(message(await t.gql(CREATE_BUNDLE, { t: tenant, d: [{ bundle_items_id: kit.id, items_id: kit.id }] }, admin.token))).toBe(
      ORDERING_MESSAGES.bundleSelf,
    );
    expect(message(await t.gql(CREATE_BUNDLE, { t: tenant, d: [{ bundle_items_id: kit2.id, items_id: kit.id }] }, admin.token))).toBe(
      ORDERING_MESSAGES.bundleNested,
    );
  });
});

async function countItems() {
  return withTenant(t.database.db, tenant, async (tx) => {
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(items).where(eq(items.tenant_uuid, tenant));
    return n.n;
  });
}

// --- Orders -----------------------------------------------------------------------------------------------

const form = (extra: Record<string, unknown> = {}) => ({
  jobs_id: job,
  vendor_id: vendor,
  order_date: '2026-11-23',
  deliver_date: '2026-11-25',
  to_emails: 'orders@boiselumber.com',
  lines: [{ description: 'Concrete blocks 8x8x16', quantity: 120, unit: 'ea', unit_cost_cents: 225, costcodes_id: code100 }],
  ...extra,
});

describe('orders: save, send and own records', () => {
  it('expands a bundle into its items, quantities multiplied (default 1), and totals the lines', async () => {
    const [kit, a, b] = ok(
      await t.gql(
        CREATE_ITEMS,
        {
          t: tenant,
          d: [
            { item: 'Footing kit' },
            { item: 'Rebar #4', unit: 'stick', unit_cost_cents: 1150 },
            { item: 'Rebar chair', unit: 'ea', unit_cost_cents: 35 },
          ],
        },
        admin.token,
      ),
    ).createItems as { id: number }[];
    const bundle = ok(
      await t.gql(
        CREATE_BUNDLE,
        {
          t: tenant,
          d: [
            { bundle_items_id: kit.id, items_id: a.id, quantity: 10 },
            { bundle_items_id: kit.id, items_id: b.id },
          ],
        },
        admin.token,
      ),
    ).createBundleItems as { quantity: number }[];
    expect(bundle.map((x) => x.quantity)).toEqual([10, 1]);
    const saved = ok(
      await t.gql(SAVE, { t: tenant, o: form({ lines: [{ items_id: kit.id, quantity: 2, costcodes_id: code100 }] }) }, buyer.token),
    ).saveOrder;
    expect(saved.message).toBe('Order saved.');
    expect(saved.order.lines).toEqual([
      {
        items_id: a.id,
        description: 'Rebar #4',
        quantity: 20,
        unit: 'stick',
        unit_cost_cents: 1150,
        costcodes_id: code100,
        bundle: 'Footing kit',
      },
      {
        items_id: b.id,
        description: 'Rebar chair',
        quantity: 2,
        unit: 'ea',
        unit_cost_cents: 35,
        costcodes_id: code100,
        bundle: 'Footing kit',
      },
    ]);
    expect(saved.order.total_cents).toBe(20 * 1150 + 2 * 35);
    expect(saved.order).toMatchObject({
      employees_id: buyer.employeeId,
      employee_name: 'Luis Member',
      job_label: 'MS · Main Street',
      sent_on: null,
    });
  });

  it('splits recipients on semicolons and commas, trims and de-duplicates; an invalid address is refused by name', async () => {
    const saved = ok(
      await t.gql(
        SAVE,
        {
          t: tenant,
          o: form({
            to_emails: ' orders@boiselumber.com ;sam@boiselumber.com, ORDERS@boiselumber.com;',
            cc_email: 'pm@summit.test; yard@ridge.construction',
          }),
        },
        buyer.token,
      ),
    ).saveOrder.order;
    expect(saved.to_emails).toBe('orders@boiselumber.com; sam@boiselumber.com');
    // Any ending a domain may have: the sign-in rule's 2 to 6 letters is for usernames only.
    expect(saved.cc_email).toBe('pm@summit.test; yard@ridge.construction');
    const bad = await t.gql(SAVE, { t: tenant, o: form({ to_emails: 'orders@boiselumber.com; sam@boiselumber' }) }, buyer.token);
    expect(code(bad)).toBe('VALIDATION');
    expect(message(bad)).toBe('to_emails: Invalid email address: sam@boiselumber');
    const none = await t.gql(SAVE, { t: tenant, o: form({ to_emails: ' ; ' }), send: true }, buyer.token);
    expect(message(none)).toBe(`to_emails: ${ORDERING_MESSAGES.noRecipients}`);
  });

  it('refuses a job, vendor, item or cost code of another company, and bad lines, with clear messages', async () => {
    const otherJob = await makeJob(stranger.tenantUuid, 'Elsewhere');
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ jobs_id: otherJob }) }, buyer.token))).toBe(ORDERING_MESSAGES.job);
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ vendor_id: 999_999 }) }, buyer.token))).toBe(ORDERING_MESSAGES.vendor);
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ lines: [{ items_id: 999_999, quantity: 1 }] }) }, buyer.token))).toBe(
      ORDERING_MESSAGES.item,
    );
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ lines: [] }) }, buyer.token))).toBe(`lines: ${ORDERING_MESSAGES.noLines}`);
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ lines: [{ quantity: 1 }] }) }, buyer.token))).toBe(
      `lines.0.description: ${ORDERING_MESSAGES.lineText}`,
    );
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ lines: [{ description: 'x', quantity: -2 }] }) }, buyer.token))).toBe(
      `lines.0.quantity: ${ORDERING_MESSAGES.quantity}`,
    );
    expect(message(await t.gql(SAVE, { t: tenant, o: form({ order_date: '2026-02-30' }) }, buyer.token))).toBe(
      `order_date: ${ORDERING_MESSAGES.invalidDate}`,
    );
    expect(code(await t.gql(SAVE, { t: tenant, o: form() }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE, { t: tenant, o: form() }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(SAVE, { t: tenant, o: form() }, stranger.token))).toBe('NOT_FOUND');
  });

  it('warns when the vendor’s insurance has lapsed', async () => {
    const saved = ok(await t.gql(SAVE, { t: tenant, o: form({ vendor_id: lapsedVendor }) }, admin.token)).saveOrder;
    expect(saved.warning).toBe("Old Supply's insurance expired on 2020-01-31.");
    expect(saved.order.vendor_insurance_lapsed).toBe(true);
  });

  it('ordering_basic sees and changes only their own orders; an admin sees all', async () => {
    const mine = ok(await t.gql(SAVE, { t: tenant, o: form({ notes: 'Luis order' }) }, buyer.token)).saveOrder.order;
    const theirs = ok(await t.gql(SAVE, { t: tenant, o: form({ notes: 'Tom order' }) }, buyer2.token)).saveOrder.order;
    const seen = ok(await t.gql(SEARCH_ORDERS, { t: tenant }, buyer.token)).searchOrders.items as { id: number; employees_id: number }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o.employees_id === buyer.employeeId)).toBe(true);
    expect(seen.map((o) => o.id)).not.toContain(theirs.id);
    const all = ok(await t.gql(SEARCH_ORDERS, { t: tenant }, admin.token)).searchOrders.items as { id: number }[];
    expect(all.map((o) => o.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ok(await t.gql(GET_ORDER, { t: tenant, id: theirs.id }, buyer.token)).getOrder).toBeNull();
    expect(code(await t.gql(SAVE, { t: tenant, id: theirs.id, o: form() }, buyer.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(STATUS, { t: tenant, ids: [mine.id, theirs.id], s: 0 }, buyer.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(DUPLICATE, { t: tenant, id: theirs.id }, buyer.token))).toBe('NOT_FOUND');
    // Nothing of the refused batch changed.
    expect(ok(await t.gql(GET_ORDER, { t: tenant, id: mine.id }, buyer.token)).getOrder.status).toBe(1);
    // The generic list honours the same filter.
    const listed = ok(
      await t.gql('query($t: ID!) { listOrders(tenant_uuid: $t) { items { id employees_id } } }', { t: tenant }, buyer.token),
    ).listOrders.items as { employees_id: number }[];
    expect(listed.every((o) => o.employees_id === buyer.employeeId)).toBe(true);
    expect(code(await t.gql(SEARCH_ORDERS, { t: tenant }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SEARCH_ORDERS, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
  });

  it('archives and unarchives (spec §4), duplicates as a new unsent order, searches by PO number', async () => {
    const order = ok(await t.gql(SAVE, { t: tenant, o: form() }, buyer.token)).saveOrder.order;
    ok(await t.gql(STATUS, { t: tenant, ids: [order.id], s: 0 }, buyer.token));
    const archived = ok(await t.gql(SEARCH_ORDERS, { t: tenant, active: false }, buyer.token)).searchOrders.items as { id: number }[];
    expect(archived.map((o) => o.id)).toContain(order.id);
    expect(message(await t.gql(SAVE, { t: tenant, id: order.id, o: form() }, buyer.token))).toBe(ORDERING_MESSAGES.archivedOrder);
    ok(await t.gql(STATUS, { t: tenant, ids: [order.id], s: 1 }, buyer.token));
    expect(code(await t.gql(STATUS, { t: tenant, ids: [order.id], s: 7 }, buyer.token))).toBe('VALIDATION');
    expect(code(await t.gql(STATUS, { t: tenant, ids: [], s: 0 }, buyer.token))).toBe('VALIDATION');
    const copy = ok(await t.gql(DUPLICATE, { t: tenant, id: order.id }, buyer.token)).duplicateOrder;
    expect(copy.po_number).toBeGreaterThan(order.po_number);
    expect(copy).toMatchObject({ lines: order.lines, total_cents: order.total_cents, sent_on: null, send_count: 0 });
    const found = ok(await t.gql(SEARCH_ORDERS, { t: tenant, q: `PO-${copy.po_number}` }, buyer.token)).searchOrders.items;
    expect(found.map((o: { id: number }) => o.id)).toEqual([copy.id]);
  });

  it('sends: renders the PO as a PDF, keeps it as the order’s file, queues the e-mail with it and records who and when', async () => {
    const res = ok(
      await t.gql(SAVE, { t: tenant, o: form({ cc_email: 'pm@summit.test', notes: 'Gate code 4411' }), send: true }, buyer.token),
    ).saveOrder;
    expect(res.message).toBe('Order added and email sent successfully.');
    const order = res.order;
    expect(order).toMatchObject({ send_count: 1, sent_to: 'orders@boiselumber.com; pm@summit.test' });
    expect(order.sent_on).toBeTruthy();
    expect(order.pdf_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=orders@boiselumber.com', remoteAddress: '127.0.0.1' });
    const [kept] = mail.json() as { subject: string; cc: string; text: string; attachments: { filename: string; url: string }[] }[];
    expect(kept.subject).toBe(`Summit Ridge Builders: purchase order PO-${String(order.po_number).padStart(4, '0')}`);
    expect(kept.cc).toBe('pm@summit.test');
    expect(kept.attachments.map((a) => a.filename)).toEqual([`PO-${String(order.po_number).padStart(4, '0')}.pdf`]);
    const pdf = await t.app.inject({ method: 'GET', url: kept.attachments[0].url, remoteAddress: '127.0.0.1' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain(`Purchase order PO-${String(order.po_number).padStart(4, '0')}`);
    expect(text).toContain('Concrete blocks 8x8x16');
    expect(text).toContain('$270.00');
    expect(text).toContain('Gate code 4411');
    // The same PDF through the file routes, for whoever may read the order; not for another ordering_basic.
    const file = (who: TestMember) =>
      t.app.inject({
        method: 'GET',
        url: `/api/files/${order.pdf_uuid}`,
        headers: { authorization: `Bearer ${who.token}`, [TENANT_HEADER]: tenant },
      });
    expect((await file(buyer)).statusCode).toBe(200);
    expect((await file(admin)).statusCode).toBe(200);
    expect((await file(buyer2)).statusCode).toBe(404);
    // Re-sending makes a new PDF and counts it.
    const again = ok(await t.gql(RESEND, { t: tenant, id: order.id, to: 'yard@boiselumber.com' }, buyer.token)).resendOrder;
    expect(again.order).toMatchObject({ send_count: 2, to_emails: 'yard@boiselumber.com' });
    expect(again.order.pdf_uuid).not.toBe(order.pdf_uuid);
    expect(message(await t.gql(RESEND, { t: tenant, id: order.id, to: 'yard@' }, buyer.token))).toBe(
      ORDERING_MESSAGES.invalidEmail('yard@'),
    );
  });
});

describe('orders: in the sender’s language (issue 46)', () => {
  it('writes the PO e-mail and its PDF in Spanish for a Spanish-speaking sender, dates and money as Spanish writes them', async () => {
    const comprador = await createMember(t.database.db, tenant, { permissions: ['ordering_basic'], firstname: 'Rocío' });
    ok(
      await t.gql(
        `mutation($t: ID!, $c: String!) { updateEmployeeUserInfo(tenant_uuid: $t, cognito_uuid: $c, employee: { language: "es" }) { id } }`,
        { t: tenant, c: comprador.identity },
        comprador.token,
      ),
    );
    const order = ok(
      await t.gql(
        SAVE,
        { t: tenant, o: form({ to_emails: 'pedidos@boiselumber.com', notes: 'Código del portón 4411' }), send: true },
        comprador.token,
      ),
    ).saveOrder.order;
    const po = `PO-${String(order.po_number).padStart(4, '0')}`;
    const mail = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=pedidos@boiselumber.com', remoteAddress: '127.0.0.1' });
    const [kept] = mail.json() as { subject: string; text: string; attachments: { filename: string; url: string }[] }[];
    expect(kept.subject).toBe(`Summit Ridge Builders: orden de compra ${po}`);
    expect(kept.text).toContain(`Orden de compra ${po} de Summit Ridge Builders para MS · Main Street.`);
    expect(kept.text).toContain('Fecha de la orden: 23 de noviembre de 2026; entregar a más tardar el 25 de noviembre de 2026.');
    expect(kept.text).toContain(`1 línea, total ${formatMoney('es', 27000)}.`);
    expect(kept.text).toContain('Código del portón 4411');
    expect(kept.text).toContain('Por favor, confirme la orden aquí: ');
    expect(kept.text).toContain('Rocío Member, Summit Ridge Builders');
    expect(kept.text).not.toMatch(/Order date|purchase order|Please acknowledge/);
    const pdf = await t.app.inject({ method: 'GET', url: kept.attachments[0].url, remoteAddress: '127.0.0.1' });
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    for (const words of [`Orden de compra ${po}`, 'Proveedor', 'Fecha de la orden', '23 de noviembre de 2026', 'Cant.', 'Página 1 de 1']) {
      expect(text).toContain(words);
    }
    // Intl's Spanish money: "270,00 US$".
    expect(text).toContain('270,00');
    expect(text).not.toMatch(/Vendor|Order date|Unit cost|Page 1 of/);
  });
});

describe('orders: the vendor’s acknowledgement link', () => {
  let order: { id: number; uuid: string };
  let token: string;
  beforeAll(async () => {
    order = ok(await t.gql(SAVE, { t: tenant, o: form(), send: true }, buyer.token)).saveOrder.order;
    const [kept] = (
      await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=orders@boiselumber.com', remoteAddress: '127.0.0.1' })
    ).json();
    token = /\/po\/([\w-]+)/.exec(kept.text)?.[1] as string;
  });

  it('shows the order without changing it, then acknowledges once', async () => {
    const shown = await t.app.inject({ method: 'GET', url: `/po/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Summit Ridge Builders: purchase order PO-');
    expect(shown.body).toContain('<form method="post">');
    expect(ok(await t.gql(GET_ORDER, { t: tenant, id: order.id }, buyer.token)).getOrder.acknowledged_on).toBeNull();
    const done = await t.app.inject({
      method: 'POST',
      url: `/po/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.body).toContain(ORDERING_MESSAGES.ackDone);
    const first = ok(await t.gql(GET_ORDER, { t: tenant, id: order.id }, buyer.token)).getOrder.acknowledged_on;
    expect(first).toBeTruthy();
    const twice = await t.app.inject({
      method: 'POST',
      url: `/po/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(twice.body).toContain(ORDERING_MESSAGES.ackAlready);
    expect(ok(await t.gql(GET_ORDER, { t: tenant, id: order.id }, buyer.token)).getOrder.acknowledged_on).toBe(first);
    // The person who ordered is told in their inbox, once; nobody else is.
    const INBOX = 'query($t: ID!) { listMyNotifications(tenant_uuid: $t) { items { kind title link count } } }';
    const mine = ok(await t.gql(INBOX, { t: tenant }, buyer.token)).listMyNotifications.items;
    expect(mine.filter((n: { kind: string }) => n.kind === 'order_acknowledged')).toEqual([
      { kind: 'order_acknowledged', title: expect.stringMatching(/^PO-\d{4} · Boise Lumber$/), link: '/modules/ordering', count: 1 },
    ]);
    const admins = ok(await t.gql(INBOX, { t: tenant }, admin.token)).listMyNotifications.items;
    expect(admins.filter((n: { kind: string }) => n.kind === 'order_acknowledged')).toEqual([]);
  });

  it('refuses a tampered, expired or foreign token, and cannot reach another order or company', async () => {
    // The company's bytes swapped for another's under the same signature; a signature changed; an expired token.
    const raw = Buffer.from(token, 'base64url');
    const forged = Buffer.concat([Buffer.from(stranger.tenantUuid.replace(/-/g, ''), 'hex'), raw.subarray(16)]).toString('base64url');
    const resigned = Buffer.concat([raw.subarray(0, 51), Buffer.from([raw[51] ^ 1])]).toString('base64url');
    const secret = { authSecret: TEST_SECRET };
    const expired = ackToken(secret, tenant, order.uuid, new Date('2020-01-01'));
    for (const bad of [forged, resigned, expired, 'nonsense', `${token}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/po/${bad}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(ORDERING_MESSAGES.ackInvalid);
    }
    // A correctly signed token for another company's order (or an order that does not exist) finds nothing.
    const other = ackToken(secret, stranger.tenantUuid, order.uuid, new Date());
    expect((await t.app.inject({ method: 'GET', url: `/po/${other}` })).statusCode).toBe(404);
  });
});

describe('sendEmail (spec §7)', () => {
  it('queues one e-mail with copies, split and validated, and the boilerplate', async () => {
    const ok1 = ok(
      await t.gql(
        SEND_EMAIL,
        {
          t: tenant,
          to: 'a@vendor.test; b@vendor.test',
          cc: 'c@vendor.test',
          s: 'Delivery window',
          m: 'Please deliver after 7 am.',
          b: true,
        },
        buyer.token,
      ),
    );
    expect(ok1.sendEmail).toBe(true);
    const [kept] = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=b@vendor.test', remoteAddress: '127.0.0.1' })).json();
    expect(kept).toMatchObject({ to: 'a@vendor.test, b@vendor.test', cc: 'c@vendor.test', subject: 'Delivery window' });
    expect(kept.text).toContain('Please deliver after 7 am.');
    expect(kept.text).toContain('Sent by Luis Member of Summit Ridge Builders');
  });

  it('refuses bad addresses, files of another company, and people who neither order nor report', async () => {
    expect(message(await t.gql(SEND_EMAIL, { t: tenant, to: 'a@vendor.test; nope', s: 'x', m: 'y' }, buyer.token))).toBe(
      ORDERING_MESSAGES.invalidEmail('nope'),
    );
    expect(message(await t.gql(SEND_EMAIL, { t: tenant, to: '', s: 'x', m: 'y' }, buyer.token))).toBe(ORDERING_MESSAGES.noRecipients);
    expect(code(await t.gql(SEND_EMAIL, { t: tenant, to: 'a@vendor.test', s: 'x', m: 'y', f: ['not-a-uuid'] }, buyer.token))).toBe(
      'VALIDATION',
    );
    expect(
      code(
        await t.gql(
          SEND_EMAIL,
          { t: tenant, to: 'a@vendor.test', s: 'x', m: 'y', f: ['00000000-0000-4000-8000-000000000000'] },
          buyer.token,
        ),
      ),
    ).toBe('VALIDATION');
    expect(code(await t.gql(SEND_EMAIL, { t: tenant, to: 'a@vendor.test', s: 'x', m: 'y' }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SEND_EMAIL, { t: tenant, to: 'a@vendor.test', s: 'x', m: 'y' }, stranger.token))).toBe('NOT_FOUND');
  });
});

describe('module switches', () => {
  it('ordering off refuses orders and vendors; inventory off refuses the catalogue', async () => {
    const db = t.database.db;
    const company = await createTenant(db);
    const boss = await createMember(db, company, { isAdmin: true });
    await withTenant(db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.ordering, status: 0 }),
    );
    expect(code(await t.gql(SEARCH_ORDERS, { t: company }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE, { t: company, o: form() }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(CREATE_VENDOR, { t: company, d: [{ name: 'x' }] }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SEARCH_ITEMS, { t: company }, boss.token))).toBeUndefined();
    const other = await createTenant(db);
    const head = await createMember(db, other, { isAdmin: true });
    await withTenant(db, other, (tx) => tx.insert(tenantsModules).values({ tenant_uuid: other, modules_id: MODULES.inventory, status: 0 }));
    expect(code(await t.gql(SEARCH_ITEMS, { t: other }, head.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(BULK, { t: other, d: [{ item: 'x' }] }, head.token))).toBe('FORBIDDEN');
  });
});
