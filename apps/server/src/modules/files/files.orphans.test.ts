import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { enqueueOutbox } from '../../platform/outbox.js';
import { createDiskStorage } from '../../platform/storage-disk.js';
import { createTenant } from '../../testing/factories.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { useTempDir } from '../../testing/uploads.js';
import { startOrphanSweeps, sweepOrphanFiles } from './files.orphans.js';
import { dropIfUnsaved } from './files.routes.js';
import { files } from './files.table.js';

const root = useTempDir('gw-orphans-');
const storage = createDiskStorage(root);
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

describe('the hourly orphan sweep', () => {
  it('sweeps every company it is given, logs what it removed, and one company failing stops none of the rest', async () => {
    const [a, b] = [await createTenant(database.db), await createTenant(database.db)];
    const [oldA, oldB, young] = [`${randomUUID()}.pdf`, `${randomUUID()}.pdf`, `${randomUUID()}.pdf`];
    await put(a, oldA);
    await put(b, oldB);
    await put(b, young);
    // Written two hours ago: no upload is still on its way to its row.
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const [tenant, name] of [
      [a, oldA],
      [b, oldB],
    ])
      await utimes(path.join(root, tenant, name), hoursAgo, hoursAgo);
    const logged: object[] = [];
    const failed: object[] = [];
    const sweeps = startOrphanSweeps(
      {
        db: database.db,
        storage,
        companies: async () => ['not-a-company', a, b],
        log: { info: (obj) => logged.push(obj), error: (obj) => failed.push(obj) },
      },
      { intervalMs: 60_000, firstAfterMs: 1 },
    );
    await expect.poll(() => logged.length, { timeout: 5000 }).toBe(2);
    await sweeps.stop();
    expect(await storage.list(a)).toEqual([]);
    expect(await storage.list(b)).toEqual([young]);
    expect(logged).toEqual([
      { tenant_uuid: a, removed: 1 },
      { tenant_uuid: b, removed: 1 },
    ]);
    expect(failed).toHaveLength(1);
  });
});

describe('an upload whose row seemed to fail', () => {
  it('keeps the object when the row was saved after all (a COMMIT whose answer was lost)', async () => {
    let dropped = false;
    expect(
      await dropIfUnsaved(
        async () => true,
        async () => {
          dropped = true;
        },
      ),
    ).toBe('kept');
    expect(dropped).toBe(false);
  });

  it('removes it when the row is known absent, and leaves it to the sweep when the database cannot say', async () => {
    let dropped = 0;
    expect(
      await dropIfUnsaved(
        async () => false,
        async () => void dropped++,
      ),
    ).toBe('dropped');
    expect(dropped).toBe(1);
    expect(
      await dropIfUnsaved(
        () => Promise.reject(new Error('Connection terminated unexpectedly')),
        async () => void dropped++,
      ),
    ).toBe('left');
    expect(
      await dropIfUnsaved(
        async () => false,
        () => Promise.reject(new Error('EACCES')),
      ),
    ).toBe('left');
    expect(dropped).toBe(1);
  });
});
