import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkTenant, isObjectName, objectKey, type Storage } from './storage-keys.js';

/** Where a company's object lives on disk: `<dir>/<tenant_uuid>/<name>`, both parts checked. */
export function diskPath(dir: string, tenantUuid: string, name: string): string {
  return path.join(path.resolve(dir), ...objectKey(tenantUuid, name).split('/'));
}

/**
 * The local-disk adapter: one folder per company under `dir` (FILES_DIR). An object is written beside its final
 * name and renamed into place, so a reader never sees half a file and a failed write leaves nothing.
 */
export function createDiskStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const folder = (tenantUuid: string) => path.join(root, checkTenant(tenantUuid));

  return {
    kind: 'disk',

    async put(tenantUuid, name, body, { bytes }) {
      const target = diskPath(root, tenantUuid, name);
      const part = `${target}.${randomBytes(6).toString('hex')}.part`;
      let written = 0;
      const write = async () => {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          async function* (source) {
            for await (const chunk of source as AsyncIterable<Buffer>) {
              written += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(part, { flags: 'wx', mode: 0o600 }),
        );
      };
      try {
        await write();
        if (written !== bytes) throw new Error(`storage: expected ${bytes} bytes, got ${written}`);
        await rename(part, target).catch(async (err: NodeJS.ErrnoException) => {
          // The company's folder went away meanwhile (a refused upload removing its empty folder): make it again.
          if (err.code !== 'ENOENT') throw err;
          await mkdir(path.dirname(target), { recursive: true });
          await rename(part, target);
        });
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },

    async get(tenantUuid, name) {
      const target = diskPath(root, tenantUuid, name);
      const handle = await open(target, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream({ autoClose: true }), bytes: size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async delete(tenantUuid, name) {
      await rm(diskPath(root, tenantUuid, name), { force: true });
      // The company's folder, if that was its last file, goes too (best effort: another upload may be arriving).
      await rmdir(folder(tenantUuid)).catch(() => undefined);
    },

    async deletePrefix(tenantUuid) {
      await rm(folder(tenantUuid), { recursive: true, force: true });
    },

    async list(tenantUuid) {
      const names = await readdir(folder(tenantUuid)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      return names.filter(isObjectName).sort();
    },

    async modified(tenantUuid, name) {
      const info = await stat(diskPath(root, tenantUuid, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      return info ? info.mtime : null;
    },

    async close() {},
  };
}
