import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { TENANT_HEADER } from '../modules/files/files.routes.js';

/** A new folder under the system's temporary one for this test file (e.g. its FILES_DIR), removed after it. */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export type MultipartFile = {
  /** The part's Content-Type; none is sent when left out. */
  type?: string;
  /** Plain fields sent before the file part (e.g. `source_table`). */
  fields?: Record<string, string>;
  boundary?: string;
};

/** A multipart body with one file part in the field `file`, as a browser's FormData sends it. */
function multipartFile(name: string, content: Buffer, opts: MultipartFile = {}) {
  const boundary = opts.boundary ?? `----groundwork${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(opts.fields ?? {}).map(([field, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
  );
  const type = opts.type ? `\r\nContent-Type: ${opts.type}` : '';
  const body = Buffer.concat([
    ...fields,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POSTs one file to /api/files as `who`: signed in with its token and selecting its company (each left out
 * when missing; `tenant` overrides the company header).
 */
export function postFile(
  app: FastifyInstance,
  who: { token?: string; tenantUuid?: string } | null,
  name: string,
  content: Buffer,
  opts: MultipartFile & { tenant?: string; headers?: Record<string, string> } = {},
) {
  const { body, contentType } = multipartFile(name, content, opts);
  const tenant = opts.tenant ?? who?.tenantUuid;
  return app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      'content-type': contentType,
      ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...(tenant ? { [TENANT_HEADER]: tenant } : {}),
      ...opts.headers,
    },
    payload: body,
  });
}
