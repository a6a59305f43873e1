import { MODULES } from '@groundwork/core/permissions';
import { RECEIPT_MESSAGES } from '@groundwork/core/receipts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { loadMember } from '../../graphql/gate.js';
import { createFileRecord, createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { errorCode as code, useTestApp } from '../../testing/test-app.js';
import { postFile, useTempDir } from '../../testing/uploads.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { TENANT_HEADER } from '../files/files.routes.js';
import { fileSourceReader } from '../files/files.service.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { receiptSplits, receipts } from './receipts.table.js';

const filesDir = useTempDir('gw-receipts-');
const t = useTestApp({ config: { filesDir } });

// The generic operations. No permission reads receipts without adding them, so the contract's "read-only role"
// is receipts_basic and its valid record names the admin as the owner: a basic member may not add a receipt
// for someone else (their own receipts are tested below).
describeModelContract(t, {
  name: 'Receipts',
  fields: 'id employees_id receipt_date amount_cents vendor status',
  admin: 'receipts_admin',
  readOnly: 'receipts_basic',
  none: 'people_basic',
  valid: { receipt_date: '2026-03-02', amount_cents: 4599, vendor: 'Ace Hardware' },
  invalid: { amount_cents: -5 },
  change: { vendor: 'Lowes', status: 0 },
  fixture: async (_t, owner) => ({ employees_id: owner.employeeId }),
});

const FIELDS = `id uuid receipt_date status employees_id jobs_id costcodes_id vendor amount_cents tax_cents payment_method notes
  employee_name job_label files { uuid original_name mimetype ext bytes thumbnail_base64 }
  splits { id jobs_id costcodes_id amount_cents } created_on updated_on`;
const SEARCH = `query($t: ID!, $e: Int, $j: Int, $from: String, $to: String, $s: Int, $limit: Int, $next: String) {
  searchReceipts(tenant_uuid: $t, employees_id: $e, jobs_id: $j, from: $from, to: $to, status: $s, limit: $limit, nextToken: $next) {
    items { ${FIELDS} } nextToken } }`;
const GET = `query($t: ID!, $id: Int!) { getReceipt(tenant_uuid: $t, id: $id) { ${FIELDS} } }`;
const SAVE = `mutation($t: ID!, $r: ReceiptSaveInput!) { saveReceipt(tenant_uuid: $t, receipt: $r) { ${FIELDS} } }`;
const ARCHIVE = `mutation($t: ID!, $ids: [Int!]!) { archiveReceipts(tenant_uuid: $t, ids: $ids) { id status } }`;
const UNARCHIVE = `mutation($t: ID!, $ids: [Int!]!) { unarchiveReceipts(tenant_uuid: $t, ids: $ids) { id status } }`;
const LIST = 'query($t: ID!) { listReceipts(tenant_uuid: $t) { items { id employees_id } } }';
const GET_RECORD = 'query($t: ID!, $id: Int!) { getReceipts(tenant_uuid: $t, id: $id) { id } }';
const UPDATE_RECORD = `mutation($t: ID!, $d: [ReceiptsUpdateInput!]!) { updateReceipts(tenant_uuid: $t, data: $d) { id amount_cents } }`;
const DELETE_RECORD = `mutation($t: ID!, $d: [ReceiptsDeleteInput!]!) { deleteReceipts(tenant_uuid: $t, data: $d) { id } }`;

type Receipt = {
  id: number;
  uuid: string;
  receipt_date: string;
  status: number;
  employees_id: number;
  jobs_id: number | null;
  amount_cents: number;
  employee_name: string | null;
  job_label: string | null;
  files: { uuid: string }[];
  splits: { jobs_id: number; costcodes_id: number | null; amount_cents: number }[];
};

let tenant: string;
let admin: TestMember;
let ann: TestMember;
let bob: TestMember;
let nobody: TestMember;
let stranger: TestMember;
let main: number;
let elm: number;
let concrete: number;
let drywall: number;
let theirJob: number;
let theirCode: number;
let annFiles: string[];
let bobFile: string;

const addFile = (who: TestMember, name?: string) => createFileRecord(t.database.db, who, name);

const countReceipts = (tenantUuid: string) =>
  withTenant(t.database.db, tenantUuid, async (tx) => {
    const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(receipts);
    const [s] = await tx.select({ n: sql<number>`count(*)::int` }).from(receiptSplits);
    return `${r.n}/${s.n}`;
  });

const save = (who: TestMember, r: Record<string, unknown>) =>
  t.gql(SAVE, { t: who.tenantUuid, r: { file_uuids: [], receipt_date: '2026-03-02', amount_cents: 1000, ...r } }, who.token);
const saved = async (who: TestMember, r: Record<string, unknown>): Promise<Receipt> => {
  const res = await save(who, r);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data?.saveReceipt;
};
const search = async (who: TestMember, vars: Record<string, unknown> = {}) => {
  const res = await t.gql(SEARCH, { t: who.tenantUuid, ...vars }, who.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data?.searchReceipts as { items: Receipt[]; nextToken: string | null };
};

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { permissions: ['receipts_admin'], firstname: 'Olga' });
  ann = await createMember(db, tenant, { permissions: ['receipts_basic'], firstname: 'Ann' });
  bob = await createMember(db, tenant, { permissions: ['receipts_basic', 'basic_access'], firstname: 'Bob' });
  nobody = await createMember(db, tenant, { permissions: ['basic_access', 'projects_admin'] });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  [main, elm, concrete, drywall] = await withTenant(db, tenant, async (tx) => {
    const js = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street', job_abbr: 'MS' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
      ])
      .returning({ id: jobs.id });
    const cs = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-300' },
        { tenant_uuid: tenant, costcode: '09-250' },
      ])
      .returning({ id: costcodes.id });
    return [js[0].id, js[1].id, cs[0].id, cs[1].id];
  });
  [theirJob, theirCode] = await withTenant(db, stranger.tenantUuid, async (tx) => {
    const [j] = await tx.insert(jobs).values({ tenant_uuid: stranger.tenantUuid, job: 'Elsewhere' }).returning({ id: jobs.id });
    const [c] = await tx.insert(costcodes).values({ tenant_uuid: stranger.tenantUuid, costcode: '01-100' }).returning({ id: costcodes.id });
    return [j.id, c.id];
  });
  annFiles = [await addFile(ann, 'lumber.jpg'), await addFile(ann, 'fuel.jpg')];
  bobFile = await addFile(bob);
});

describe('receipts: a worker adds their own', () => {
  let annReceipt: Receipt;
  let bobReceipt: Receipt;

  beforeAll(async () => {
    annReceipt = await saved(ann, {
      receipt_date: '2026-03-03',
      jobs_id: main,
      costcodes_id: concrete,
      vendor: '  Home Depot ',
      amount_cents: 8_734,
      tax_cents: 634,
      payment_method: 'card',
      file_uuids: [annFiles[0]],
    });
    bobReceipt = await saved(bob, { receipt_date: '2026-03-04', jobs_id: elm, amount_cents: 2_500, file_uuids: [bobFile] });
  });

  it('adds a receipt for the caller, with names, its photo and no splits', () => {
    expect(annReceipt).toMatchObject({
      employees_id: ann.employeeId,
      employee_name: 'Ann Member',
      jobs_id: main,
      job_label: 'MS · Main Street',
      vendor: 'Home Depot',
      amount_cents: 8_734,
      tax_cents: 634,
      payment_method: 'card',
      status: 1,
      splits: [],
      files: [{ uuid: annFiles[0], original_name: 'lumber.jpg', mimetype: 'image/jpeg', thumbnail_base64: 'data:image/jpeg;base64,AAAA' }],
    });
    expect(bobReceipt).toMatchObject({ employees_id: bob.employeeId, job_label: 'Elm Yard' });
  });

  it('shows a basic member only their own receipts, whatever they ask for', async () => {
    expect((await search(ann)).items.map((r) => r.id)).toEqual([annReceipt.id]);
    expect((await search(ann, { e: bob.employeeId })).items.map((r) => r.id)).toEqual([annReceipt.id]);
    const listed = await t.gql(LIST, { t: tenant }, ann.token);
    expect(listed.data?.listReceipts.items).toEqual([{ id: annReceipt.id, employees_id: ann.employeeId }]);
    expect((await t.gql(GET, { t: tenant, id: bobReceipt.id }, ann.token)).data?.getReceipt).toBeNull();
    expect((await t.gql(GET_RECORD, { t: tenant, id: bobReceipt.id }, ann.token)).data?.getReceipts).toBeNull();
    expect((await t.gql(GET, { t: tenant, id: annReceipt.id }, ann.token)).data?.getReceipt).toMatchObject({ id: annReceipt.id });
  });

  it('lets a basic member add but never change, archive or delete, nor add for someone else', async () => {
    const before = await countReceipts(tenant);
    expect(code(await save(ann, { employees_id: bob.employeeId }))).toBe('FORBIDDEN');
    expect(code(await save(ann, { id: annReceipt.id, amount_cents: 1 }))).toBe('FORBIDDEN');
    expect(code(await t.gql(ARCHIVE, { t: tenant, ids: [annReceipt.id] }, ann.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(UPDATE_RECORD, { t: tenant, d: [{ id: annReceipt.id, amount_cents: 1 }] }, ann.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(DELETE_RECORD, { t: tenant, d: [{ id: annReceipt.id }] }, ann.token))).toBe('FORBIDDEN');
    expect(await countReceipts(tenant)).toBe(before);
  });

  it("refuses another person's upload, and a file of another company", async () => {
    const before = await countReceipts(tenant);
    const res = await save(ann, { file_uuids: [bobFile] });
    expect(code(res)).toBe('VALIDATION');
    expect(code(await save(ann, { file_uuids: [await addFile(stranger)] }))).toBe('VALIDATION');
    expect(code(await save(admin, { file_uuids: [annFiles[1]] }))).toBe('VALIDATION');
    expect(await countReceipts(tenant)).toBe(before);
  });

  it("serves a receipt's files to whoever may read the receipt", async () => {
    const reader = fileSourceReader('receipts');
    expect(reader).toBeDefined();
    const readable = async (who: TestMember) => {
      const member = await loadMember(t.database.db, who.identity, who.tenantUuid);
      if (!member || !reader) throw new Error('no member');
      return withTenant(t.database.db, who.tenantUuid, (tx) => reader(tx, member, [annReceipt.uuid, bobReceipt.uuid, 'not-a-uuid']));
    };
    expect([...(await readable(ann))]).toEqual([annReceipt.uuid]);
    expect(new Set(await readable(admin))).toEqual(new Set([annReceipt.uuid, bobReceipt.uuid]));
    expect([...(await readable(nobody))]).toEqual([]);
    expect([...(await readable(stranger))]).toEqual([]);
  });
});

describe('receipts: photos through the file routes', () => {
  const upload = async (who: TestMember, name: string) => {
    const res = await postFile(t.app, who, name, Buffer.from('%PDF-1.7\n% a receipt\n'), { type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string };
  };
  const download = (who: TestMember, uuid: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/files/${uuid}`,
      headers: { authorization: `Bearer ${who.token}`, [TENANT_HEADER]: who.tenantUuid },
    });

  it("serves a receipt's upload to its owner and the admins, and to nobody else", async () => {
    const file = await upload(ann, 'fuel.pdf');
    expect((await download(bob, file.uuid)).statusCode).toBe(404);
    const receipt = await saved(ann, { vendor: 'Shell', file_uuids: [file.uuid] });
    expect(receipt.files).toEqual([expect.objectContaining({ uuid: file.uuid, original_name: 'fuel.pdf', mimetype: 'application/pdf' })]);
    expect((await download(ann, file.uuid)).statusCode).toBe(200);
    expect((await download(admin, file.uuid)).statusCode).toBe(200);
    expect((await download(bob, file.uuid)).statusCode).toBe(404);
    expect((await download(nobody, file.uuid)).statusCode).toBe(404);
    expect((await download(stranger, file.uuid)).statusCode).toBe(404);
  });
});

describe('receipts: the office', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    const rows: [string, TestMember, string, number | null, number][] = [
      ['a1', ann, '2026-01-10', main, 1_000],
      ['a2', ann, '2026-02-10', elm, 2_000],
      ['b1', bob, '2026-02-10', main, 3_000],
      ['b2', bob, '2026-02-20', null, 4_000],
      ['o1', admin, '2026-02-25', elm, 5_000],
    ];
    for (const [key, who, receipt_date, jobs_id, amount_cents] of rows) {
      ids[key] = (await saved(admin, { receipt_date, jobs_id, amount_cents, employees_id: who.employeeId })).id;
    }
    // Split across both jobs: found by either.
    ids.split = (
      await saved(admin, {
        receipt_date: '2026-02-15',
        amount_cents: 9_000,
        employees_id: bob.employeeId,
        splits: [
          { jobs_id: main, costcodes_id: concrete, amount_cents: 6_000 },
          { jobs_id: elm, costcodes_id: drywall, amount_cents: 3_000 },
        ],
      })
    ).id;
    void db;
  });

  it("sees everyone's receipts, newest first, page by page", async () => {
    const all = await search(admin, { from: '2026-01-01', to: '2026-02-28' });
    expect(all.items.map((r) => r.id)).toEqual([ids.o1, ids.b2, ids.split, ids.b1, ids.a2, ids.a1]);
    const seen: number[] = [];
    let next: string | null = null;
    do {
      const page: { items: Receipt[]; nextToken: string | null } = await search(admin, {
        from: '2026-01-01',
        to: '2026-02-28',
        limit: 4,
        next,
      });
      seen.push(...page.items.map((r) => r.id));
      next = page.nextToken;
    } while (next);
    expect(seen).toEqual(all.items.map((r) => r.id));
  });

  it('filters by person, job (split lines included), date range and status', async () => {
    const idsOf = async (vars: Record<string, unknown>) =>
      (await search(admin, { from: '2026-01-01', to: '2026-02-28', ...vars })).items.map((r) => r.id);
    expect(await idsOf({ e: ann.employeeId })).toEqual([ids.a2, ids.a1]);
    expect(await idsOf({ j: main })).toEqual([ids.split, ids.b1, ids.a1]);
    expect(await idsOf({ j: elm })).toEqual([ids.o1, ids.split, ids.a2]);
    expect(await idsOf({ e: bob.employeeId, j: main })).toEqual([ids.split, ids.b1]);
    expect(await idsOf({ from: '2026-02-10', to: '2026-02-15' })).toEqual([ids.split, ids.b1, ids.a2]);
    expect(await idsOf({ s: 0 })).toEqual([]);
    const split = (await search(admin, { from: '2026-02-15', to: '2026-02-15' })).items[0];
    expect(split.splits).toEqual([
      { id: expect.any(Number), jobs_id: main, costcodes_id: concrete, amount_cents: 6_000 },
      { id: expect.any(Number), jobs_id: elm, costcodes_id: drywall, amount_cents: 3_000 },
    ]);
  });

  it('archives and restores receipts, all or nothing', async () => {
    const archived = await t.gql(ARCHIVE, { t: tenant, ids: [ids.a1, ids.b1] }, admin.token);
    expect(archived.data?.archiveReceipts).toEqual([
      { id: ids.a1, status: 0 },
      { id: ids.b1, status: 0 },
    ]);
    const range = { from: '2026-01-01', to: '2026-02-28' };
    expect((await search(admin, { ...range, s: 0 })).items.map((r) => r.id)).toEqual([ids.b1, ids.a1]);
    expect((await search(admin, range)).items.map((r) => r.id)).not.toContain(ids.a1);
    // A basic member's archived receipt is still theirs to see, among the archived.
    expect((await search(ann, { ...range, s: 0 })).items.map((r) => r.id)).toEqual([ids.a1]);
    expect(code(await t.gql(UNARCHIVE, { t: tenant, ids: [ids.a1, 999_999] }, admin.token))).toBe('NOT_FOUND');
    expect((await t.gql(GET, { t: tenant, id: ids.a1 }, admin.token)).data?.getReceipt.status).toBe(0);
    const restored = await t.gql(UNARCHIVE, { t: tenant, ids: [ids.a1, ids.b1] }, admin.token);
    expect(restored.data?.unarchiveReceipts.map((r: Receipt) => r.status)).toEqual([1, 1]);
    expect((await search(admin, { ...range, s: 0 })).items).toEqual([]);
  });

  it('changes a receipt: fields, splits replaced, files kept or dropped', async () => {
    const photo = await addFile(admin, 'store.pdf');
    const first = await saved(admin, { receipt_date: '2026-02-01', amount_cents: 500, file_uuids: [photo] });
    const changed = await saved(admin, {
      id: first.id,
      receipt_date: '2026-02-02',
      amount_cents: 800,
      vendor: 'Sherwin-Williams',
      file_uuids: [photo],
      splits: [
        { jobs_id: main, amount_cents: 300 },
        { jobs_id: main, costcodes_id: drywall, amount_cents: 500 },
      ],
    });
    expect(changed).toMatchObject({
      id: first.id,
      uuid: first.uuid,
      receipt_date: '2026-02-02',
      vendor: 'Sherwin-Williams',
      files: [{ uuid: photo }],
    });
    expect(changed.splits.map((s) => s.amount_cents)).toEqual([300, 500]);
    const again = await saved(admin, { id: first.id, receipt_date: '2026-02-02', amount_cents: 800, file_uuids: [] });
    expect(again).toMatchObject({ splits: [], files: [], employees_id: admin.employeeId });
    // The generic update keeps a split receipt's lines adding up.
    const splitTotal = await t.gql(UPDATE_RECORD, { t: tenant, d: [{ id: ids.split, amount_cents: 1 }] }, admin.token);
    expect(splitTotal.errors?.[0]).toMatchObject({
      message: `Record 1: ${RECEIPT_MESSAGES.splitsTotal}`,
      extensions: { code: 'VALIDATION' },
    });
    expect(code(await save(admin, { id: 999_999 }))).toBe('NOT_FOUND');
  });

  it('refuses splits that do not add up, and jobs, cost codes or people of another company, saving nothing', async () => {
    const before = await countReceipts(tenant);
    const off = await save(admin, {
      amount_cents: 9_000,
      splits: [
        { jobs_id: main, amount_cents: 6_000 },
        { jobs_id: elm, amount_cents: 2_999 },
      ],
    });
    expect(off.errors?.[0]).toMatchObject({
      message: 'The split amounts must add up to the receipt total.',
      extensions: { code: 'VALIDATION', field: 'splits' },
    });
    const theirs = await save(admin, {
      amount_cents: 9_000,
      splits: [
        { jobs_id: main, amount_cents: 6_000 },
        { jobs_id: theirJob, amount_cents: 3_000 },
      ],
    });
    expect(theirs.errors?.[0]).toMatchObject({
      message: RECEIPT_MESSAGES.job,
      extensions: { code: 'VALIDATION', field: 'splits.1.jobs_id' },
    });
    expect(code(await save(admin, { jobs_id: theirJob }))).toBe('VALIDATION');
    expect(code(await save(admin, { jobs_id: main, costcodes_id: theirCode }))).toBe('VALIDATION');
    expect(code(await save(admin, { employees_id: stranger.employeeId }))).toBe('VALIDATION');
    expect(code(await save(ann, { jobs_id: theirJob }))).toBe('VALIDATION');
    expect(await countReceipts(tenant)).toBe(before);
  });

  it('answers malformed input with VALIDATION, never an internal error', async () => {
    const bad: Record<string, unknown>[] = [
      { receipt_date: '2026-02-30' },
      { receipt_date: 'yesterday' },
      { amount_cents: -1 },
      { amount_cents: 2_000_000_000 },
      { tax_cents: 5_000 },
      { payment_method: 'iou' },
      { vendor: 'x'.repeat(201) },
      { vendor: 'a\u0000b' },
      { notes: 'x'.repeat(5000) },
      { file_uuids: ['../../etc/passwd'] },
      { jobs_id: -3 },
      { splits: [{ jobs_id: main, amount_cents: 1000 }] },
    ];
    for (const r of bad) expect(code(await save(admin, r)), JSON.stringify(r).slice(0, 80)).toBe('VALIDATION');
    for (const vars of [
      { from: '2026-13-01' },
      { to: 'x' },
      { limit: 0 },
      { limit: 5000 },
      { next: 'garbage' },
      { next: Buffer.from('[{"a":1},2]').toString('base64url') },
    ]) {
      expect(code(await t.gql(SEARCH, { t: tenant, ...vars }, admin.token)), JSON.stringify(vars)).toBe('VALIDATION');
    }
    expect(code(await t.gql(ARCHIVE, { t: tenant, ids: [] }, admin.token))).toBe('VALIDATION');
  });
});

describe('receipts: walls', () => {
  it('refuses every operation without a session', async () => {
    for (const [query, vars] of [
      [SEARCH, { t: tenant }],
      [GET, { t: tenant, id: 1 }],
      [SAVE, { t: tenant, r: { receipt_date: '2026-03-02', amount_cents: 1, file_uuids: [] } }],
      [ARCHIVE, { t: tenant, ids: [1] }],
      [UNARCHIVE, { t: tenant, ids: [1] }],
    ] as const) {
      expect(code(await t.gql(query, vars))).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a member without receipts permissions', async () => {
    expect(code(await t.gql(SEARCH, { t: tenant }, nobody.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(GET, { t: tenant, id: 1 }, nobody.token))).toBe('FORBIDDEN');
    expect(code(await save(nobody, {}))).toBe('FORBIDDEN');
  });

  it("reaches nothing of another company's", async () => {
    const theirs = await saved(stranger, { amount_cents: 700 });
    const before = await countReceipts(stranger.tenantUuid);
    expect(code(await t.gql(SEARCH, { t: stranger.tenantUuid }, admin.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(GET, { t: stranger.tenantUuid, id: theirs.id }, admin.token))).toBe('NOT_FOUND');
    expect(code(await save(admin, { id: theirs.id }))).toBe('NOT_FOUND');
    expect((await t.gql(GET, { t: tenant, id: theirs.id }, admin.token)).data?.getReceipt).toBeNull();
    expect(code(await t.gql(ARCHIVE, { t: tenant, ids: [theirs.id] }, admin.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(ARCHIVE, { t: stranger.tenantUuid, ids: [theirs.id] }, admin.token))).toBe('NOT_FOUND');
    expect((await search(admin)).items.map((r) => r.id)).not.toContain(theirs.id);
    expect(await countReceipts(stranger.tenantUuid)).toBe(before);
    const still = await t.gql(GET, { t: stranger.tenantUuid, id: theirs.id }, stranger.token);
    expect(still.data?.getReceipt).toMatchObject({ id: theirs.id, status: 1, amount_cents: 700 });
  });

  it('refuses everything while the company has the receipts module switched off', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    const worker = await createMember(t.database.db, company, { permissions: ['receipts_basic'] });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.receipts, status: 0 }),
    );
    for (const who of [boss, worker]) {
      expect(code(await t.gql(SEARCH, { t: company }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(GET, { t: company, id: 1 }, who.token))).toBe('FORBIDDEN');
      expect(code(await save(who, {}))).toBe('FORBIDDEN');
      expect(code(await t.gql(LIST, { t: company }, who.token))).toBe('FORBIDDEN');
    }
    expect(code(await t.gql(ARCHIVE, { t: company, ids: [1] }, boss.token))).toBe('FORBIDDEN');
    const member = await loadMember(t.database.db, boss.identity, company);
    const readable = await withTenant(t.database.db, company, async (tx) => {
      const [r] = await tx
        .insert(receipts)
        .values({ tenant_uuid: company, employees_id: boss.employeeId, receipt_date: '2026-03-01', amount_cents: 1 })
        .returning({ uuid: receipts.uuid });
      return fileSourceReader('receipts')?.(tx, member as NonNullable<typeof member>, [r.uuid]);
    });
    expect([...(readable ?? [])]).toEqual([]);
    await withTenant(t.database.db, company, (tx) => tx.delete(receipts).where(eq(receipts.tenant_uuid, company)));
  });
});
