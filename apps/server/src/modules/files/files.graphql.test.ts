import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { postFile, useTempDir } from '../../testing/uploads.js';
import type { StoredFile } from './files.routes.js';

const filesDir = useTempDir('gw-filecabinet-');
const t = useTestApp({ config: { filesDir } });

const FIELDS = 'id uuid original_name mimetype ext status employees_id server_filename source_table bytes';
const LIST = `query($t: ID!) { listFilecabinet(tenant_uuid: $t) { items { ${FIELDS} } } }`;
const GET = `query($t: ID!, $id: Int!) { getFilecabinet(tenant_uuid: $t, id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($t: ID!, $d: [FilecabinetInput!]!) { createFilecabinet(tenant_uuid: $t, data: $d) { id } }`;
const UPDATE = `mutation($t: ID!, $d: [FilecabinetUpdateInput!]!) { updateFilecabinet(tenant_uuid: $t, data: $d) { ${FIELDS} } }`;
const DELETE = `mutation($t: ID!, $d: [FilecabinetDeleteInput!]!) { deleteFilecabinet(tenant_uuid: $t, data: $d) { id status } }`;

type FileRow = { id: number; uuid: string; original_name: string; status: number; employees_id: number; server_filename: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(member: TestMember, name: string): Promise<StoredFile> {
  const res = await postFile(t.app, member, name, PDF, { type: 'application/pdf' });
  expect(res.statusCode).toBe(201);
  return res.json() as StoredFile;
}

let admin: TestMember;
let ann: TestMember;
let bob: TestMember;
let stranger: TestMember;
let annFile: FileRow;

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true });
  ann = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ann' });
  bob = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Bob' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  const stored = await upload(ann, 'delivery-ticket.pdf');
  await upload(bob, 'bob-notes.pdf');
  const list = await t.gql<{ listFilecabinet: { items: FileRow[] } }>(LIST, { t: ann.tenantUuid }, ann.token);
  annFile = list.data?.listFilecabinet.items.find((f) => f.uuid === stored.uuid) as FileRow;
});

describe('Filecabinet (spec §7)', () => {
  it('lists a member’s own uploads only; admin_access sees the company’s; another company sees none', async () => {
    const own = await t.gql<{ listFilecabinet: { items: FileRow[] } }>(LIST, { t: ann.tenantUuid }, ann.token);
    expect(own.errors).toBeUndefined();
    expect(own.data?.listFilecabinet.items.map((f) => f.original_name)).toEqual(['delivery-ticket.pdf']);
    expect(annFile).toMatchObject({ employees_id: ann.employeeId, status: 1, ext: 'pdf', mimetype: 'application/pdf' });

    const all = await t.gql<{ listFilecabinet: { items: FileRow[] } }>(LIST, { t: admin.tenantUuid }, admin.token);
    expect(all.data?.listFilecabinet.items.map((f) => f.original_name).sort()).toEqual(['bob-notes.pdf', 'delivery-ticket.pdf']);

    expect((await t.gql(GET, { t: bob.tenantUuid, id: annFile.id }, bob.token)).data?.getFilecabinet).toBeNull();
    const theirs = await t.gql<{ listFilecabinet: { items: FileRow[] } }>(LIST, { t: stranger.tenantUuid }, stranger.token);
    expect(theirs.data?.listFilecabinet.items).toEqual([]);
    const crossed = await t.gql(GET, { t: ann.tenantUuid, id: annFile.id }, stranger.token);
    expect(crossed.data?.getFilecabinet ?? null).toBeNull();
  });

  it('is never created through GraphQL: bytes arrive only by upload', async () => {
    const res = await t.gql(CREATE, { t: ann.tenantUuid, d: [{ original_name: 'ghost.pdf' }] }, ann.token);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const byAdmin = await t.gql(CREATE, { t: admin.tenantUuid, d: [{ original_name: 'ghost.pdf' }] }, admin.token);
    expect(byAdmin.errors?.[0]).toMatchObject({ message: 'Files are added by uploading them.', extensions: { code: 'VALIDATION' } });
    const after = await t.gql<{ listFilecabinet: { items: FileRow[] } }>(LIST, { t: ann.tenantUuid }, ann.token);
    expect(after.data?.listFilecabinet.items).toHaveLength(1);
  });

  it('an admin renames a file; what ties a row to its bytes cannot be written; a bad name is refused; members only read', async () => {
    const renamed = await t.gql<{ updateFilecabinet: FileRow[] }>(
      UPDATE,
      { t: admin.tenantUuid, d: [{ id: annFile.id, original_name: 'Ticket 4471.pdf' }] },
      admin.token,
    );
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateFilecabinet[0]).toMatchObject({
      original_name: 'Ticket 4471.pdf',
      server_filename: annFile.server_filename,
    });

    const moved = await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: annFile.id, server_filename: 'other.pdf' }] }, admin.token);
    expect(moved.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(moved.errors)).not.toContain('INTERNAL_SERVER_ERROR');

    const slash = await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: annFile.id, original_name: '../../etc/passwd' }] }, admin.token);
    expect(slash.errors?.[0]?.extensions?.code).toBe('VALIDATION');

    for (const member of [ann, bob]) {
      const refused = await t.gql(UPDATE, { t: member.tenantUuid, d: [{ id: annFile.id, original_name: 'mine now.pdf' }] }, member.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const kept = await t.gql<{ getFilecabinet: FileRow }>(GET, { t: ann.tenantUuid, id: annFile.id }, ann.token);
    expect(kept.data?.getFilecabinet.original_name).toBe('Ticket 4471.pdf');
  });

  it('an admin’s delete hides the file (status 0) and its download answers 404; a member’s is refused', async () => {
    const refused = await t.gql(DELETE, { t: ann.tenantUuid, d: [{ id: annFile.id }] }, ann.token);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await t.gql<{ deleteFilecabinet: { id: number; status: number }[] }>(
      DELETE,
      { t: admin.tenantUuid, d: [{ id: annFile.id }] },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const row = await t.gql<{ getFilecabinet: FileRow | null }>(GET, { t: admin.tenantUuid, id: annFile.id }, admin.token);
    expect(row.data?.getFilecabinet?.status ?? 0).toBe(0);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${annFile.uuid}`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(download.statusCode).toBe(404);
  });
});
