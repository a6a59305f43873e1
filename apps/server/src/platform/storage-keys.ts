import type { Readable } from 'node:stream';

/**
 * The storage port: where uploaded files' bytes live. Every object belongs to one company and is named
 * `<tenant_uuid>/<name>`; both parts are checked on every call, so no name can reach outside its company's
 * folder (or prefix) whichever adapter is behind it. Adapters: local disk (default, under FILES_DIR) and an
 * S3-compatible bucket (S3_* settings); the same contract tests run against both (storage.contract.test.ts).
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores `body` (a stream of exactly `bytes` bytes, or a buffer) as the company's object `name`, replacing any. */
  put(tenantUuid: string, name: string, body: Readable | Buffer, opts: { bytes: number; contentType: string }): Promise<void>;
  /** The object as a stream with its length, or null when there is none. */
  get(tenantUuid: string, name: string): Promise<{ body: Readable; bytes: number } | null>;
  /** Removes the object; one that is not there is no error. */
  delete(tenantUuid: string, name: string): Promise<void>;
  /** Removes every object of the company (its deletion). */
  deletePrefix(tenantUuid: string): Promise<void>;
  /** The names of the company's objects, sorted. */
  list(tenantUuid: string): Promise<string[]>;
  /** When the object was last written, or null when there is none (the orphan sweep's age). */
  modified(tenantUuid: string, name: string): Promise<Date | null>;
  /** Lets go of connections (tests; the process otherwise keeps one storage for its life). */
  close(): Promise<void>;
}

const TENANT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A server filename (`<uuid>.<ext>`), or a derived object of it (`<uuid>.thumb.jpg`). */
const OBJECT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,12}){1,2}$/;

export class StorageKeyError extends Error {}

export function checkTenant(tenantUuid: string): string {
  if (typeof tenantUuid !== 'string' || !TENANT_UUID.test(tenantUuid)) throw new StorageKeyError('bad tenant uuid');
  return tenantUuid;
}

/** The object's key, `<tenant_uuid>/<name>`, after checking both parts. */
export function objectKey(tenantUuid: string, name: string): string {
  checkTenant(tenantUuid);
  if (typeof name !== 'string' || !OBJECT_NAME.test(name)) throw new StorageKeyError('bad object name');
  return `${tenantUuid}/${name}`;
}

export function isObjectName(name: string): boolean {
  return OBJECT_NAME.test(name);
}
