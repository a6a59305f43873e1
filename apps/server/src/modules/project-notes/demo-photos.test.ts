import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoCompany } from '../../db/demo-seed.js';
import { createDiskStorage } from '../../platform/storage-disk.js';
import { useTestApp } from '../../testing/test-app.js';

const dir = await mkdtemp(path.join(tmpdir(), 'gw-demo-photos-'));
const storage = createDiskStorage(dir);
let demo: string;
const t = useTestApp({
  setup: async (database) => {
    demo = (await seedDemoCompany(database.db, { storage })) as string;
  },
});

afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('the demo company’s daily reports', () => {
  it('carry site photos stored as uploads are: attached to their report, captioned, with a thumbnail', async () => {
    const reports = await rows<{ uuid: string; photos: { uuid: string; caption: string }[] }>(
      sql`select uuid, photos from jobs_notes where tenant_uuid = ${demo} order by id`,
    );
    expect(reports.length).toBeGreaterThan(20);
    const photoRows = await rows<{
      uuid: string;
      source_table: string;
      source_uuid: string;
      server_filename: string;
      thumbnail_base64: string;
    }>(
      sql`select uuid, source_table, source_uuid, server_filename, thumbnail_base64 from files where tenant_uuid = ${demo} and source_table = 'jobs_notes'`,
    );
    const byUuid = new Map(photoRows.map((f) => [f.uuid, f]));
    for (const report of reports) {
      expect(report.photos.length).toBeGreaterThanOrEqual(1);
      for (const photo of report.photos) {
        expect(photo.caption).toMatch(/\w/);
        expect(byUuid.get(photo.uuid)).toMatchObject({ source_table: 'jobs_notes', source_uuid: report.uuid });
        expect(byUuid.get(photo.uuid)?.thumbnail_base64).toMatch(/^data:image\/jpeg;base64,/);
      }
    }
    const stored = await storage.list(demo);
    expect(stored).toEqual(expect.arrayContaining(photoRows.map((f) => f.server_filename)));
    const one = await storage.get(demo, photoRows[0].server_filename);
    const chunks: Buffer[] = [];
    for await (const chunk of one?.body ?? []) chunks.push(chunk as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });
});
