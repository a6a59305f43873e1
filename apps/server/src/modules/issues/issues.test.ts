import { existsSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { readOutbox } from '../../platform/outbox.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { testConfig, useTestApp } from '../../testing/test-app.js';
import { postFile } from '../../testing/uploads.js';
import { filePath, type StoredFile, TENANT_HEADER } from '../files/files.routes.js';
import { files } from '../files/files.table.js';
import { issues } from './issues.table.js';

const t = useTestApp();
const config = testConfig();

// A real 1x1 PNG without metadata: uploads are decoded now, and a clean picture is stored byte for byte.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(member: Partial<TestMember> & { token?: string }, name: string, content: Buffer, tenant = member.tenantUuid) {
  const res = await postFile(t.app, { token: member.token, tenantUuid: tenant }, name, content, {
    type: 'application/octet-stream',
    fields: { source_table: 'issues' },
  });
  return { status: res.statusCode, json: res.json() as StoredFile & { message?: string } };
}

const SUBMIT = `mutation($t: ID!, $n: String!, $e: String!, $s: String!, $d: String!, $f: [String!]) {
  submitIssue(tenant_uuid: $t, user_name: $n, user_email: $e, subject: $s, description: $d, attached_files: $f) }`;
const issueVars = (tenant: string, extra: Record<string, unknown> = {}) => ({
  t: tenant,
  n: 'Rosa Quintero',
  e: 'rosa@example.com',
  s: 'Time card will not save',
  d: 'Saving Tuesday shows a spinner forever.',
  ...extra,
});

let tenantA: string;
let me: TestMember;
let other: TestMember;

beforeAll(async () => {
  tenantA = await createTenant(t.database.db, 'Quarry Builders');
  me = await createMember(t.database.db, tenantA);
  other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

afterAll(() => rmSync(config.filesDir, { recursive: true, force: true }));

describe('POST /api/files', () => {
  it('stores an upload under the tenant’s folder with its record', async () => {
    const res = await upload(me, 'site photo.PNG', PNG);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ original_name: 'site photo.PNG', ext: 'png', mimetype: 'image/png', bytes: PNG.length });
    expect(res.json.server_filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(existsSync(filePath(config, tenantA, res.json.server_filename))).toBe(true);
    const [row] = await withTenant(t.database.db, tenantA, (tx) =>
      tx.select().from(files).where(eq(files.server_filename, res.json.server_filename)),
    );
    expect(row).toMatchObject({ employees_id: me.employeeId, created_by: me.employeeId, bytes: PNG.length, status: 1 });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${res.json.server_filename}`,
      headers: { authorization: `Bearer ${me.token}`, [TENANT_HEADER]: tenantA },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-disposition']).toContain('site%20photo.PNG');
  });

  it('refuses without a session', async () => {
    expect((await upload({ tenantUuid: tenantA }, 'a.png', PNG)).status).toBe(401);
  });

  it('refuses a tenant other than the session’s, and a removed member', async () => {
    expect((await upload({ token: me.token }, 'a.png', PNG, other.tenantUuid)).status).toBe(404);
    expect((await upload({ token: me.token }, 'a.png', PNG, undefined)).status).toBe(404);
    const noTenant = await createSession(t.database.db, me.identity);
    expect((await upload({ token: noTenant }, 'a.png', PNG, tenantA)).status).toBe(404);
  });

  it('refuses types outside the allow-list and content that does not match its extension', async () => {
    const exe = await upload(me, 'setup.exe', Buffer.from('MZ....'));
    expect(exe.status).toBe(415);
    expect(exe.json.message).toBe('This type of file cannot be uploaded.');
    expect((await upload(me, 'noextension', PNG)).status).toBe(415);
    expect((await upload(me, 'fake.png', Buffer.from('<script>alert(1)</script>'))).status).toBe(415);
    expect((await upload(me, 'empty.txt', Buffer.alloc(0))).status).toBe(415);
  });

  it('refuses a file over 20 MB (FILES_MAX_MB) and keeps nothing of it', async () => {
    const before = await withTenant(t.database.db, tenantA, (tx) => tx.select({ id: files.id }).from(files));
    const res = await upload(me, 'huge.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024 + 1)]));
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('The file is larger than 20 MB.');
    const after = await withTenant(t.database.db, tenantA, (tx) => tx.select({ id: files.id }).from(files));
    expect(after.length).toBe(before.length);
  });

  it('serves a download link (no tenant header) from the session’s company only', async () => {
    const mine = await upload(me, 'notes.txt', Buffer.from('pour at 7'));
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/files/${mine.json.server_filename}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('pour at 7');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/files/${mine.json.server_filename}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${mine.json.server_filename}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not serve a file to another company', async () => {
    const mine = await upload(me, 'plan.pdf', Buffer.from('%PDF-1.4\nplan'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/${mine.json.server_filename}`,
      headers: { authorization: `Bearer ${other.token}`, [TENANT_HEADER]: other.tenantUuid },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('submitIssue', () => {
  it('stores the issue and e-mails it to support with its attachments listed', async () => {
    const photo = await upload(me, 'spinner.png', PNG);
    const notes = await upload(me, 'steps.txt', Buffer.from('1. open time card\n2. save'));
    const res = await t.gql(SUBMIT, issueVars(tenantA, { f: [photo.json.server_filename, notes.json.server_filename] }), me.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.submitIssue).toBe(true);

    const [mail] = await readOutbox(t.database.db, config.supportEmail);
    expect(mail.subject).toBe('Issue: Time card will not save');
    expect(mail.text).toContain('From: Rosa Quintero <rosa@example.com>');
    expect(mail.text).toContain('Company: Quarry Builders');
    expect(mail.text).toContain('Saving Tuesday shows a spinner forever.');
    expect(mail.text).toContain(`- spinner.png (${photo.json.server_filename}`);
    expect(mail.text).toContain('- steps.txt');
    // The files themselves travel with the queued mail (read from storage when it is sent).
    expect(mail.attachments.map((a) => [a.filename, a.content_type]).sort()).toEqual([
      ['spinner.png', 'image/png'],
      ['steps.txt', 'text/plain'],
    ]);

    const [row] = await withTenant(t.database.db, tenantA, (tx) => tx.select().from(issues).where(eq(issues.employees_id, me.employeeId)));
    expect(row).toMatchObject({ subject: 'Time card will not save', user_email: 'rosa@example.com' });
    expect(row.attached_files).toEqual([photo.json.server_filename, notes.json.server_filename]);
    expect(row.emailed_on).not.toBeNull();
    const [attached] = await withTenant(t.database.db, tenantA, (tx) =>
      tx.select().from(files).where(eq(files.server_filename, photo.json.server_filename)),
    );
    expect(attached).toMatchObject({ source_table: 'issues', source_uuid: row.uuid });
  });

  it('accepts an issue without attachments', async () => {
    const res = await t.gql(SUBMIT, issueVars(tenantA, { s: 'No attachments' }), me.token);
    expect(res.data?.submitIssue).toBe(true);
    const [mail] = await readOutbox(t.database.db, config.supportEmail);
    expect(mail.text).toContain('Attachments: none');
  });

  // Forbidden role: none. Any member may report an issue ("Report an issue" is in everyone's account menu).
  it('refuses without a session', async () => {
    const res = await t.gql(SUBMIT, issueVars(tenantA));
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    [{ s: '  ' }, 'subject'],
    [{ d: '' }, 'description'],
    [{ e: 'nope' }, 'user_email'],
    [{ s: 'x'.repeat(201) }, 'subject'],
    [{ f: ['not-a-file.png'] }, 'attached_files'],
  ])('refuses %j with VALIDATION and stores nothing', async (extra, field) => {
    const count = async () => (await withTenant(t.database.db, tenantA, (tx) => tx.select({ id: issues.id }).from(issues))).length;
    const before = await count();
    const res = await t.gql(SUBMIT, issueVars(tenantA, extra), me.token);
    expect(res.errors?.[0].extensions?.code).toBe('VALIDATION');
    expect(res.errors?.[0].message).toContain(field);
    expect(await count()).toBe(before);
  });

  it('cannot attach another company’s file, nor submit into another company', async () => {
    const theirs = await upload(other, 'their.png', PNG);
    expect(theirs.status).toBe(201);
    const res = await t.gql(SUBMIT, issueVars(tenantA, { f: [theirs.json.server_filename] }), me.token);
    expect(res.errors?.[0].extensions?.code).toBe('VALIDATION');
    const cross = await t.gql(SUBMIT, issueVars(other.tenantUuid), me.token);
    expect(cross.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
