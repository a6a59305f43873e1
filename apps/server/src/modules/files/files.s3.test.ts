import { readFileSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { storageFor } from '../../platform/storage.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { postFile, useTempDir } from '../../testing/uploads.js';
import type { StoredFile } from './files.routes.js';

/**
 * The app on the S3 adapter end to end (the storage contract itself is storage.contract.test.ts): s3rver on
 * 127.0.0.1 on a port the system picks, started before the app is built (hooks run in order) and stopped after.
 */
const bucketDir = useTempDir('gw-files-s3-');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: bucketDir,
  configureBuckets: [{ name: 'gw-app-test' }],
});
const config: Partial<Config> = {};
beforeAll(async () => {
  const { port } = await server.run();
  config.s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'gw-app-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
const t = useTestApp({ config });
afterAll(async () => {
  await storageFor(config as Config).close();
  await server.close();
});

const HEIC = readFileSync(path.join(import.meta.dirname, 'fixtures/photo.heic'));

async function upload(member: TestMember, name: string, content: Buffer) {
  const res = await postFile(t.app, member, name, content);
  return { status: res.statusCode, json: res.json() as StoredFile };
}

describe('files on S3-compatible storage', () => {
  it('stores uploads in the bucket under the company, serves them back, and empties the company on its deletion', async () => {
    const storage = storageFor(config as Config);
    expect(storage.kind).toBe('s3');
    const m = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
    const other = await createMember(t.database.db, await createTenant(t.database.db));

    const photo = await upload(m, 'IMG_1.HEIC', HEIC);
    expect(photo.status).toBe(201);
    expect(photo.json).toMatchObject({ ext: 'jpg', mimetype: 'image/jpeg' });
    const plan = await upload(m, 'plan.pdf', Buffer.from('%PDF-1.7\nplan\n'));
    expect(plan.status).toBe(201);
    expect((await upload(m, 'x.jpg', Buffer.from('MZ not a picture'))).status).toBe(415);
    expect((await upload(other, 'o.pdf', Buffer.from('%PDF-1.7\nother\n'))).status).toBe(201);
    expect(await storage.list(m.tenantUuid)).toEqual([photo.json.server_filename, plan.json.server_filename].sort());

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/files/${photo.json.uuid}`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBe(photo.json.bytes);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 40 });
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/files/${plan.json.server_filename}`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(old.body).toBe('%PDF-1.7\nplan\n');

    const deleted = await t.gql(
      `mutation($e: String!) { deleteTenant(tenant_uuid: "${m.tenantUuid}", user_email: $e) }`,
      { e: `${m.identity}@test.example` },
      m.token,
    );
    expect(deleted).toEqual({ data: { deleteTenant: true } });
    expect(await storage.list(m.tenantUuid)).toEqual([]);
    expect(await storage.list(other.tenantUuid)).toHaveLength(1);
  });
});
