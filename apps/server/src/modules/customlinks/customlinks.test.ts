import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { useTestApp } from '../../testing/test-app.js';

const t = useTestApp();

describeModelContract(t, {
  name: 'CustomLinks',
  fields: 'id employees_id title url status',
  admin: 'people_admin',
  readOnly: 'basic_access',
  none: 'receipts_basic',
  valid: { title: 'Safety manual', url: 'https://example.com/safety' },
  invalid: { url: 'javascript:alert(1)' },
  change: { title: 'Safety handbook', status: 0 },
});

const FIELDS = 'id employees_id title url status';
const LIST = `query($t: ID!) { listCustomLinks(tenant_uuid: $t) { items { ${FIELDS} } } }`;
const GET = `query($t: ID!, $id: Int!) { getCustomLinks(tenant_uuid: $t, id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($t: ID!, $d: [CustomLinksInput!]!) { createCustomLinks(tenant_uuid: $t, data: $d) { ${FIELDS} } }`;
const UPDATE = `mutation($t: ID!, $d: [CustomLinksUpdateInput!]!) { updateCustomLinks(tenant_uuid: $t, data: $d) { ${FIELDS} } }`;
const PER_USER = `query($t: ID!) { listCustomLinksPerUser(tenant_uuid: $t) { ${FIELDS} } }`;

type Link = { id: number; employees_id: number; title: string; url: string; status: number };

let admin: TestMember;
let ann: TestMember;
let bob: TestMember;
let stranger: TestMember;
let annLinks: Link[];
let bobLink: Link;

const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  const a = await createTenant(t.database.db);
  admin = await createMember(t.database.db, a, { permissions: ['people_admin'] });
  ann = await createMember(t.database.db, a, { permissions: ['basic_access'] });
  bob = await createMember(t.database.db, a, { permissions: ['receipts_basic'] });
  stranger = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  const res = await t.gql(
    CREATE,
    {
      t: a,
      d: [
        { employees_id: ann.employeeId, title: 'weather', url: 'https://weather.example' },
        { employees_id: ann.employeeId, title: 'Archived link', url: 'https://old.example', status: 0 },
        { employees_id: ann.employeeId, title: 'Payroll', url: 'http://payroll.example/me' },
        { employees_id: bob.employeeId, title: 'Bob only', url: 'https://bob.example' },
      ],
    },
    admin.token,
  );
  expect(res.errors).toBeUndefined();
  const links: Link[] = res.data?.createCustomLinks;
  annLinks = links.slice(0, 3);
  bobLink = links[3];
  await t.gql(CREATE, { t: stranger.tenantUuid, d: [{ title: 'Theirs', url: 'https://theirs.example' }] }, stranger.token);
});

describe('custom links per person', () => {
  it("shows a basic member only their own links, and an admin everyone's", async () => {
    const own = await t.gql(LIST, { t: ann.tenantUuid }, ann.token);
    expect(own.data?.listCustomLinks.items.map((l: Link) => l.employees_id)).toEqual([ann.employeeId, ann.employeeId, ann.employeeId]);
    expect((await t.gql(GET, { t: ann.tenantUuid, id: bobLink.id }, ann.token)).data?.getCustomLinks).toBeNull();
    const all = await t.gql(LIST, { t: admin.tenantUuid }, admin.token);
    expect(all.data?.listCustomLinks.items).toHaveLength(4);
    // A basic member cannot add or change links, not even their own.
    expect(code(await t.gql(CREATE, { t: ann.tenantUuid, d: [{ title: 'Mine', url: 'https://mine.example' }] }, ann.token))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(UPDATE, { t: ann.tenantUuid, d: [{ id: annLinks[0].id, title: 'Renamed' }] }, ann.token))).toBe('FORBIDDEN');
  });

  it("lists the caller's own active links by title for any member (listCustomLinksPerUser)", async () => {
    const res = await t.gql(PER_USER, { t: ann.tenantUuid }, ann.token);
    expect(res.data?.listCustomLinksPerUser.map((l: Link) => l.title)).toEqual(['Payroll', 'weather']);
    // Even someone with no people or basic permission sees their own links.
    expect((await t.gql(PER_USER, { t: bob.tenantUuid }, bob.token)).data?.listCustomLinksPerUser).toEqual([bobLink]);
    expect((await t.gql(PER_USER, { t: admin.tenantUuid }, admin.token)).data?.listCustomLinksPerUser).toEqual([]);
  });

  // Forbidden role: none. Every member may list their own links; nobody can list someone else's through it.
  it('refuses listCustomLinksPerUser without a session, in another company or without a company', async () => {
    expect(code(await t.gql(PER_USER, { t: ann.tenantUuid }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(PER_USER, { t: stranger.tenantUuid }, ann.token))).toBe('NOT_FOUND');
    expect(code(await t.gql('query { listCustomLinksPerUser { id } }', {}, ann.token))).toBe('VALIDATION');
  });

  it('accepts only http(s) addresses, a title, and a person of the same company', async () => {
    const tu = admin.tenantUuid;
    for (const d of [
      { title: 'FTP', url: 'ftp://files.example' },
      { title: 'No host', url: 'https://' },
      { title: 'Not a URL', url: 'files' },
      { title: '   ', url: 'https://ok.example' },
      { title: 'Long', url: `https://x.example/${'a'.repeat(3000)}` },
      { title: 'Bad status', url: 'https://ok.example', status: 3 },
      { title: 'Elsewhere', url: 'https://ok.example', employees_id: stranger.employeeId },
    ]) {
      expect(code(await t.gql(CREATE, { t: tu, d: [d] }, admin.token)), JSON.stringify(d)).toBe('VALIDATION');
    }
  });
});
