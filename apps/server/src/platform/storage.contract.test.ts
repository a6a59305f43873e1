import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storage, StorageKeyError } from './storage.js';
import { createDiskStorage, diskPath } from './storage-disk.js';
import { createS3Storage } from './storage-s3.js';

/**
 * The storage port's contract: the same cases against every adapter. The S3 adapter talks to s3rver, started
 * here on 127.0.0.1 on a port the system picks, with its bucket in a temporary folder.
 */
type Adapter = { name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> };

const adapters: Adapter[] = [
  {
    name: 'local disk',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gw-storage-disk-'));
      return { storage: createDiskStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gw-storage-s3-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'groundwork-test' }],
      });
      const { port } = await server.run();
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'groundwork-test',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      return {
        storage,
        close: async () => {
          await storage.close();
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

const fileName = (ext = 'jpg') => `${randomUUID()}.${ext}`;
const put = (s: Storage, tenant: string, name: string, body: Buffer) =>
  s.put(tenant, name, Readable.from([body]), { bytes: body.length, contentType: 'application/octet-stream' });
const read = async (s: Storage, tenant: string, name: string) => {
  const got = await s.get(tenant, name);
  return got && { bytes: got.bytes, content: await buffer(got.body) };
};

describe.each(adapters)('storage contract: $name', (adapter) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await adapter.open());
  }, 30_000);
  afterAll(() => close?.());

  it('stores a stream and gives it back with its length', async () => {
    const tenant = randomUUID();
    const name = fileName();
    // Several chunks, over a megabyte: a real upload's shape.
    const chunks = Array.from({ length: 20 }, () => randomBytes(64 * 1024));
    const all = Buffer.concat(chunks);
    await storage.put(tenant, name, Readable.from(chunks), { bytes: all.length, contentType: 'image/jpeg' });
    const got = await read(storage, tenant, name);
    expect(got?.bytes).toBe(all.length);
    expect(got?.content.equals(all)).toBe(true);
  });

  it('stores a buffer, and a second put replaces the object', async () => {
    const tenant = randomUUID();
    const name = fileName('pdf');
    await storage.put(tenant, name, Buffer.from('%PDF-1 first'), { bytes: 12, contentType: 'application/pdf' });
    await put(storage, tenant, name, Buffer.from('second'));
    expect(await read(storage, tenant, name)).toEqual({ bytes: 6, content: Buffer.from('second') });
    expect(await storage.list(tenant)).toEqual([name]);
  });

  it('answers null for an object that is not there, in an existing company or a new one', async () => {
    const tenant = randomUUID();
    expect(await storage.get(tenant, fileName())).toBeNull();
    await put(storage, tenant, fileName(), Buffer.from('x'));
    expect(await storage.get(tenant, fileName())).toBeNull();
  });

  it('tells when an object was written, and null for one that is not there', async () => {
    const tenant = randomUUID();
    const name = fileName();
    const before = Date.now();
    await put(storage, tenant, name, Buffer.from('x'));
    const at = await storage.modified(tenant, name);
    // Whole seconds on S3: allow the rounding.
    expect(at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(at?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await storage.modified(tenant, fileName())).toBeNull();
  });

  it('deletes an object; deleting one that is not there is no error', async () => {
    const tenant = randomUUID();
    const [a, b] = [fileName(), fileName('png')];
    await put(storage, tenant, a, Buffer.from('a'));
    await put(storage, tenant, b, Buffer.from('b'));
    await storage.delete(tenant, a);
    expect(await storage.get(tenant, a)).toBeNull();
    expect(await storage.list(tenant)).toEqual([b]);
    await expect(storage.delete(tenant, a)).resolves.toBeUndefined();
    await expect(storage.delete(randomUUID(), fileName())).resolves.toBeUndefined();
  });

  it("keeps companies apart: the same name in two companies, and deletePrefix removes one company's objects only", async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    const shared = fileName();
    const own = fileName('thumb.jpg');
    await put(storage, one, shared, Buffer.from('one'));
    await put(storage, one, own, Buffer.from('thumb'));
    await put(storage, two, shared, Buffer.from('two'));
    expect(await storage.list(one)).toEqual([shared, own].sort());
    expect((await read(storage, two, shared))?.content.toString()).toBe('two');

    await storage.deletePrefix(one);
    expect(await storage.list(one)).toEqual([]);
    expect(await storage.get(one, shared)).toBeNull();
    expect((await read(storage, two, shared))?.content.toString()).toBe('two');
    // A company with nothing stored is no error.
    await expect(storage.deletePrefix(randomUUID())).resolves.toBeUndefined();
  });

  it('removes many objects with deletePrefix', async () => {
    const tenant = randomUUID();
    await Promise.all(Array.from({ length: 30 }, () => put(storage, tenant, fileName(), Buffer.from('x'))));
    expect(await storage.list(tenant)).toHaveLength(30);
    await storage.deletePrefix(tenant);
    expect(await storage.list(tenant)).toEqual([]);
  });

  it('refuses names that could leave the company, before touching anything', async () => {
    const tenant = randomUUID();
    const good = fileName();
    const badNames = ['../x.jpg', `../${good}`, `${good}/..`, 'x.jpg', `${randomUUID()}/${good}`, `${good.toUpperCase()}`, '', `${good}\0`];
    for (const name of badNames) {
      await expect(put(storage, tenant, name, Buffer.from('x')), name).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(tenant, name), name).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(tenant, name), name).rejects.toBeInstanceOf(StorageKeyError);
    }
    for (const bad of ['..', '', '*', `${tenant}/..`, tenant.toUpperCase(), `${tenant}/x`]) {
      await expect(put(storage, bad, good, Buffer.from('x')), bad).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.deletePrefix(bad), bad).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.list(bad), bad).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(await storage.list(tenant)).toEqual([]);
  });

  it('leaves nothing when the stream fails part way', async () => {
    const tenant = randomUUID();
    const name = fileName();
    const failing = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(tenant, name, failing, { bytes: 1024 * 1024, contentType: 'image/jpeg' })).rejects.toThrow();
    expect(await storage.get(tenant, name)).toBeNull();
    expect(await storage.list(tenant)).toEqual([]);
  });
});

describe('the disk adapter', () => {
  it('keeps each company in its own folder under the files folder', () => {
    const tenant = randomUUID();
    const name = fileName();
    expect(diskPath('/srv/files', tenant, name)).toBe(`/srv/files/${tenant}/${name}`);
    expect(() => diskPath('/srv/files', tenant, '../../etc/passwd')).toThrow(StorageKeyError);
  });
});
