import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { enqueueOutbox } from '../../platform/outbox.js';
import { createDiskStorage } from '../../platform/storage-disk.js';
import { createTenant } from '../../testing/factories.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { useTempDir } from '../../testing/uploads.js';
import { sweepOrphanFiles } from './files.orphans.js';
import { files } from './files.table.js';

const storage = createDiskStorage(useTempDir('gw-orphans-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const put = (tenant: string, name: string) =>
  storage.put(tenant, name, Buffer.from('%PDF-1'), { bytes: 6, contentType: 'application/pdf' });
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the orphan sweep', () => {
  it('removes old objects no row or queued mail points to, and keeps the rest', async () => {
    const tenant = await createTenant(database.db);
    const other = await createTenant(database.db);
    const withRow = randomUUID();
    const [kept, orphan, mailed, foreign] = [`${withRow}.pdf`, `${randomUUID()}.pdf`, `${randomUUID()}.pdf`, `${randomUUID()}.pdf`];
    for (const name of [kept, orphan, mailed]) await put(tenant, name);
    await put(other, foreign);
    await withTenant(database.db, tenant, (tx) =>
      tx.insert(files).values({
        tenant_uuid: tenant,
        uuid: withRow,
        original_name: 'a.pdf',
        mimetype: 'application/pdf',
        ext: 'pdf',
        server_filename: kept,
        bytes: 6,
      }),
    );
    await enqueueOutbox(
      database.db,
      'email',
      {
        to: 'a@example.com',
        subject: 'Report',
        text: 'Attached.',
        attachments: [{ tenant_uuid: tenant, object: mailed, filename: 'r.pdf', content_type: 'application/pdf' }],
      },
      new Date(),
    );

    // Young objects are left alone: their row or mail may be on its way.
    expect(await sweepOrphanFiles({ db: database.db, storage, tenantUuid: tenant })).toEqual([]);
    expect(await sweepOrphanFiles({ db: database.db, storage, tenantUuid: tenant, now: later(61) })).toEqual([orphan]);
    expect(await storage.list(tenant)).toEqual([kept, mailed].sort());
    // Another company's objects are its own sweep's business.
    expect(await storage.list(other)).toEqual([foreign]);
    expect(await sweepOrphanFiles({ db: database.db, storage, tenantUuid: tenant, now: later(61) })).toEqual([]);
  });

  it('honours a shorter age and an empty company', async () => {
    const tenant = await createTenant(database.db);
    expect(await sweepOrphanFiles({ db: database.db, storage, tenantUuid: tenant })).toEqual([]);
    const name = `${randomUUID()}.jpg`;
    await put(tenant, name);
    expect(await sweepOrphanFiles({ db: database.db, storage, tenantUuid: tenant, olderThanMinutes: 5, now: later(6) })).toEqual([name]);
  });
});
