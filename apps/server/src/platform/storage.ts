import type { Config } from '../config.js';
import { createDiskStorage } from './storage-disk.js';
import type { Storage } from './storage-keys.js';
import { createS3Storage } from './storage-s3.js';

/**
 * The storage port (see storage-keys.ts for its interface and the checked `<tenant_uuid>/<name>` keys):
 * local disk by default, an S3-compatible bucket when S3_BUCKET and its credentials are set.
 */
export { type Storage, StorageKeyError } from './storage-keys.js';

function createStorage(config: Pick<Config, 'filesDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.filesDir);
}

const shared = new Map<string, Storage>();

/** The process's storage for these settings (one S3 client or folder per distinct configuration). */
export function storageFor(config: Pick<Config, 'filesDir' | 's3'>): Storage {
  const key = JSON.stringify(config.s3 ? { s3: config.s3 } : { dir: config.filesDir });
  let storage = shared.get(key);
  if (!storage) {
    storage = createStorage(config);
    shared.set(key, storage);
  }
  return storage;
}
