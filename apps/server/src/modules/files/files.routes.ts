import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_TYPES, fileExtension } from '@groundwork/core/profile';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { gateOnly, type Member, type Rule, type TenantGate } from '../../graphql/gate.js';
import type { LiveSession } from '../../identity/session.js';
import { fitsQuota, quotaMessage, removeFolderIfEmpty, storedBytes } from './files.storage.js';
import { files } from './files.table.js';

/** The header naming the company an upload is for; being custom, it also makes cross-site form posts impossible. */
export const TENANT_HEADER = 'x-tenant-uuid';
const SERVER_FILENAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export type StoredFile = {
  uuid: string;
  server_filename: string;
  original_name: string;
  mimetype: string;
  ext: string;
  bytes: number;
};

/** Where a tenant's file lives; the name is checked so it can never leave the tenant's folder. */
export function filePath(config: Config, tenantUuid: string, serverFilename: string): string {
  if (!SERVER_FILENAME.test(serverFilename) || !/^[0-9a-f-]{36}$/.test(tenantUuid)) throw new Error('bad file name');
  return path.join(config.filesDir, tenantUuid, serverFilename);
}

// Files whose first bytes are well known must start with them, so a renamed executable is not stored as a picture.
const MAGIC: Record<string, (head: Buffer) => boolean> = {
  png: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  jpeg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  gif: (h) => h.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  pdf: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-',
};

type Refusal = { status: number; error: string; message: string };
const refuse = (reply: FastifyReply, r: Refusal) => reply.status(r.status).send({ statusCode: r.status, ...r });
const UNAUTHENTICATED: Refusal = { status: 401, error: 'UNAUTHENTICATED', message: 'Please sign back in.' };
/** Uploads and downloads are every member's own business (issue reports today; each area's files later). */
const FILES_RULE: Rule = { area: 'self', action: 'read' };

const NOT_FOUND: Refusal = { status: 404, error: 'NOT_FOUND', message: 'Not found.' };
const quotaFull = (config: Config): Refusal => ({ status: 413, error: 'QUOTA_EXCEEDED', message: quotaMessage(config.filesQuotaBytes) });

/**
 * The same walls as GraphQL, through the same gate: a session, the tenant it selected (named again in the
 * header), and an active membership. Answers a refusal, or the gate bound to that company.
 */
async function tenantOf(req: FastifyRequest, gate: TenantGate, sessionOf: (req: FastifyRequest) => Promise<LiveSession | null>) {
  const session = await sessionOf(req);
  if (!session) return UNAUTHENTICATED;
  // A download may be a plain link, which cannot send headers: reading falls back to the session's company.
  // Writing must name it, which also keeps cross-site form posts out.
  const named = req.headers[TENANT_HEADER];
  const tenant = typeof named === 'string' ? named : req.method === 'GET' ? session.claims.tid : undefined;
  if (!tenant || !session.claims.tid || tenant !== session.claims.tid) return NOT_FOUND;
  const ctx = { session: session.claims, gate };
  const run = <T>(fn: (tx: Tx, member: Member) => Promise<T>) => gateOnly(ctx, tenant, FILES_RULE, fn);
  try {
    const member = await run(async (_tx, m) => m);
    return { member, run };
  } catch (err) {
    if (err instanceof AppError) return NOT_FOUND;
    throw err;
  }
}

/**
 * POST /api/files (multipart, one file in the field `file`): stores an upload for the caller's company and
 * answers with its record, whose server_filename other operations (submitIssue) refer to.
 * GET /api/files/:server_filename: the file, for members of the company that owns it.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  { config, gate, sessionOf }: { config: Config; gate: TenantGate; sessionOf: (req: FastifyRequest) => Promise<LiveSession | null> },
) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });

    scope.post('/api/files', async (req, reply) => {
      const entered = await tenantOf(req, gate, sessionOf);
      if ('status' in entered) return refuse(reply, entered);
      const { member, run } = entered;
      if (!req.isMultipart()) return refuse(reply, { status: 400, error: 'VALIDATION', message: FILE_MESSAGES.missing });

      const part = await req.file();
      if (!part) return refuse(reply, { status: 400, error: 'VALIDATION', message: FILE_MESSAGES.missing });
      const originalName = path.basename(part.filename ?? '').slice(0, 255);
      const ext = fileExtension(originalName);
      // Own keys only: a name ending in ".constructor" must not find Object.prototype's.
      const mimetype = Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
      if (!originalName || !mimetype) {
        part.file.resume();
        return refuse(reply, { status: 415, error: 'VALIDATION', message: FILE_MESSAGES.badType });
      }
      // A company already at its quota hears so before the file is read (the insert below checks again, exactly).
      if ((await run((tx) => storedBytes(tx, member.tenantUuid))) >= config.filesQuotaBytes) {
        part.file.resume();
        return refuse(reply, quotaFull(config));
      }

      const uuid = randomUUID();
      const serverFilename = `${uuid}.${ext}`;
      const target = filePath(config, member.tenantUuid, serverFilename);
      await mkdir(path.dirname(target), { recursive: true });
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, counter, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(target, { force: true });
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return refuse(reply, { status: 413, error: 'VALIDATION', message: FILE_MESSAGES.tooLarge });
        }
        throw err;
      }
      if (part.file.truncated) {
        await rm(target, { force: true });
        return refuse(reply, { status: 413, error: 'VALIDATION', message: FILE_MESSAGES.tooLarge });
      }
      const check = Object.hasOwn(MAGIC, ext) ? MAGIC[ext] : undefined;
      if (bytes === 0 || (check && !check(await readHead(target)))) {
        await rm(target, { force: true });
        return refuse(reply, { status: 415, error: 'VALIDATION', message: bytes === 0 ? FILE_MESSAGES.missing : FILE_MESSAGES.badType });
      }

      const sourceTable = fieldValue(part.fields.source_table);
      let saved: boolean;
      try {
        saved = await run(async (tx) => {
          if (!(await fitsQuota(tx, member.tenantUuid, bytes, config.filesQuotaBytes))) return false;
          await tx.insert(files).values({
            tenant_uuid: member.tenantUuid,
            uuid,
            original_name: originalName,
            mimetype,
            ext,
            employees_id: member.employeeId,
            created_by: member.employeeId,
            server_filename: serverFilename,
            source_table: sourceTable && /^[a-z_]{1,64}$/.test(sourceTable) ? sourceTable : null,
            bytes,
          });
          return true;
        });
      } catch (err) {
        await rm(target, { force: true });
        await removeFolderIfEmpty(config, member.tenantUuid);
        throw err;
      }
      if (!saved) {
        await rm(target, { force: true });
        await removeFolderIfEmpty(config, member.tenantUuid);
        return refuse(reply, quotaFull(config));
      }
      const stored: StoredFile = { uuid, server_filename: serverFilename, original_name: originalName, mimetype, ext, bytes };
      return reply.status(201).send(stored);
    });

    scope.get<{ Params: { name: string } }>('/api/files/:name', async (req, reply) => {
      const entered = await tenantOf(req, gate, sessionOf);
      if ('status' in entered) return refuse(reply, entered);
      const { member, run } = entered;
      if (!SERVER_FILENAME.test(req.params.name)) return refuse(reply, NOT_FOUND);
      const [row] = await run((tx) =>
        tx
          .select({ original_name: files.original_name, mimetype: files.mimetype })
          .from(files)
          .where(and(eq(files.tenant_uuid, member.tenantUuid), eq(files.server_filename, req.params.name), eq(files.status, 1))),
      );
      if (!row) return refuse(reply, NOT_FOUND);
      const target = filePath(config, member.tenantUuid, req.params.name);
      const info = await stat(target).catch(() => null);
      if (!info) return refuse(reply, NOT_FOUND);
      return reply
        .header('content-type', row.mimetype)
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
        .send(createReadStream(target));
    });
  });
}

const fieldValue = (field: unknown): string | undefined => {
  const f = Array.isArray(field) ? field[0] : field;
  return f && typeof f === 'object' && 'value' in f && typeof f.value === 'string' ? f.value : undefined;
};

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buf, 0, 16, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
