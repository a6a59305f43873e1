import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { postFile, useTempDir } from '../../testing/uploads.js';
import { formatBytes, quotaMessage } from './files.storage.js';
import { files } from './files.table.js';

const filesDir = useTempDir('gw-files-');
const QUOTA = 3000;
const t = useTestApp({ config: { filesDir, filesQuotaBytes: QUOTA } });

const PDF_HEAD = Buffer.from('%PDF-1.7\n');
/** A PDF-looking file of exactly `bytes` bytes (PDFs are stored as sent, so their size is known). */
const pdf = (bytes: number) => Buffer.concat([PDF_HEAD, Buffer.alloc(bytes - PDF_HEAD.length, 7)]);

async function upload(member: TestMember, content: Buffer, name = 'plan.pdf') {
  const res = await postFile(t.app, member, name, content, { type: 'application/octet-stream' });
  return { status: res.statusCode, json: res.json() };
}

const folderOf = (tenant: string) => path.join(filesDir, tenant);
const onDisk = (tenant: string) => (existsSync(folderOf(tenant)) ? readdirSync(folderOf(tenant)).sort() : null);
const recorded = (tenant: string) =>
  withTenant(t.database.db, tenant, (tx) =>
    tx
      .select({ name: files.server_filename, bytes: files.bytes })
      .from(files)
      .where(eq(files.tenant_uuid, tenant))
      .orderBy(sql`${files.server_filename}`),
  );

describe('the per-company files quota (FILES_QUOTA_MB)', () => {
  let a: TestMember;
  let b: TestMember;
  beforeAll(async () => {
    a = await createMember(t.database.db, await createTenant(t.database.db));
    b = await createMember(t.database.db, await createTenant(t.database.db));
  });

  it('says the quota in plain words', () => {
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1536 * 1024 ** 2)).toBe('1.5 GB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(3000)).toBe('2.9 KB');
    expect(quotaMessage(5 * 1024 ** 3).text).toBe(
      'This file would take your company past its 5 GB of file storage, so it was not saved. Please contact support for more room.',
    );
  });

  it('stores files up to the quota, counting what the company has stored, and refuses the one that would pass it with 413', async () => {
    expect((await upload(a, pdf(1000))).status).toBe(201);
    expect((await upload(a, pdf(1500))).status).toBe(201);
    // 2,500 of 3,000 bytes used: 600 more would pass the quota.
    const over = await upload(a, pdf(600));
    expect(over).toEqual({
      status: 413,
      json: {
        statusCode: 413,
        status: 413,
        error: 'QUOTA_EXCEEDED',
        message: quotaMessage(QUOTA).text,
        // The quota travels as the key's value: the web words it in the reader's language (issue 46).
        message_key: 'files.quotaFull',
        message_values: { quota: '2.9 KB' },
      },
    });
    // Nothing of the refused file stays, on disk or in the table.
    expect(onDisk(a.tenantUuid)).toHaveLength(2);
    expect((await recorded(a.tenantUuid)).map((r) => r.bytes).sort()).toEqual([1000, 1500]);
    // Exactly filling the quota is allowed; after that even a small file is refused before it is read.
    expect((await upload(a, pdf(500))).status).toBe(201);
    expect((await upload(a, pdf(10))).status).toBe(413);
    expect(onDisk(a.tenantUuid)).toHaveLength(3);
    // Another company has its own room.
    expect((await upload(b, pdf(2900))).status).toBe(201);
  });

  it('lets only one of two uploads that each fit, but not together, into the last of the room', async () => {
    const c = await createMember(t.database.db, await createTenant(t.database.db));
    expect((await upload(c, pdf(1500))).status).toBe(201);
    const both = await Promise.all([upload(c, pdf(1000)), upload(c, pdf(1000))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 413]);
    const rows = await recorded(c.tenantUuid);
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBe(2500);
    expect(onDisk(c.tenantUuid)).toEqual(rows.map((r) => r.name).sort());
  });

  it("leaves no folder behind when a company's first upload is refused", async () => {
    const d = await createMember(t.database.db, await createTenant(t.database.db));
    expect((await upload(d, pdf(QUOTA + 1))).status).toBe(413);
    expect(onDisk(d.tenantUuid)).toBeNull();
  });
});

describe("deleting a company removes its files' folder", () => {
  // The company as a literal: the argument's type (String or ID) is not this test's business.
  const remove = (member: TestMember, email: string) =>
    t.gql(`mutation($e: String!) { deleteTenant(tenant_uuid: "${member.tenantUuid}", user_email: $e) }`, { e: email }, member.token);

  it('after the deletion commits, and leaves other companies’ files alone', async () => {
    const doomed = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
    const kept = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
    expect((await upload(doomed, pdf(100))).status).toBe(201);
    expect((await upload(doomed, pdf(200), 'plan2.pdf')).status).toBe(201);
    expect((await upload(kept, pdf(100))).status).toBe(201);
    expect(onDisk(doomed.tenantUuid)).toHaveLength(2);

    // A refused deletion (the wrong e-mail typed) keeps everything.
    expect((await remove(doomed, 'someone@else.example')).errors?.[0]?.message).toMatch(/not the e-mail address you sign in with/);
    expect(onDisk(doomed.tenantUuid)).toHaveLength(2);

    // createSession's users sign in as <identity>@test.example.
    const res = await remove(doomed, `${doomed.identity}@test.example`);
    expect(res).toEqual({ data: { deleteTenant: true } });
    expect(existsSync(folderOf(doomed.tenantUuid))).toBe(false);
    expect(onDisk(kept.tenantUuid)).toHaveLength(1);
    expect(await recorded(kept.tenantUuid)).toHaveLength(1);
  });
});

describe('upload names', () => {
  it("refuses names whose extension is an object's own property name (constructor, __proto__) as a file type, never a 500", async () => {
    const m = await createMember(t.database.db, await createTenant(t.database.db));
    for (const name of ['x.constructor', 'x.__proto__', 'constructor', '__proto__', 'x.toString', 'x.hasOwnProperty']) {
      const res = await upload(m, pdf(64), name);
      expect(res.status, name).toBe(415);
    }
    expect(onDisk(m.tenantUuid) ?? []).toEqual([]);
  });
});
