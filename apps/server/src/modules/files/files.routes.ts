import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { fromText, type Message, msg } from '@groundwork/core/messages';
import { FILE_MESSAGES, fileExtension, hasControlCharacter } from '@groundwork/core/profile';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { gateOnly, type Member, type Rule, type TenantGate } from '../../graphql/gate.js';
import type { LiveSession } from '../../identity/session.js';
import { type Storage, storageFor } from '../../platform/storage.js';
import { diskPath } from '../../platform/storage-disk.js';
import { processImage, SNIFF_BYTES, sniff, UnreadableImage, UPLOAD_EXTENSIONS } from './files.pipeline.js';
import { mayReadFile } from './files.service.js';
import { fitsQuota, quotaMessage, storedBytes } from './files.storage.js';
import { files } from './files.table.js';

/** The header naming the company an upload is for; being custom, it also makes cross-site form posts impossible. */
export const TENANT_HEADER = 'x-tenant-uuid';
const SERVER_FILENAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What POST /api/files answers for a stored upload. */
export type StoredFile = {
  uuid: string;
  server_filename: string;
  original_name: string;
  mimetype: string;
  ext: string;
  bytes: number;
  /** A data:image/jpeg;base64 URL of the thumbnail, for pictures; null for other files. */
  thumbnail_base64: string | null;
};

/** Where a tenant's file lives with the local-disk storage (the default); the name is checked. */
export function filePath(config: Pick<Config, 'filesDir'>, tenantUuid: string, serverFilename: string): string {
  return diskPath(config.filesDir, tenantUuid, serverFilename);
}

type Refusal = { status: number; error: string; message: string; m?: Message };
/** A catalogue message as a refusal's words and key (a message with values keeps them: the quota, the size). */
const keyed = (m: Message) => ({ message: m.text, m });
/** A refusal carries its message key and values as GraphQL's do (issue 46): the web shows it in the reader's language. */
const refuse = (reply: FastifyReply, r: Refusal) => {
  const { m, ...body } = r;
  const { key, values } = m ?? fromText(r.message);
  return reply.status(r.status).send({ statusCode: r.status, ...body, message_key: key, message_values: values });
};
const UNAUTHENTICATED: Refusal = { status: 401, error: 'UNAUTHENTICATED', message: 'Please sign back in.' };
/** Uploads and downloads are every member's own business; which files a member may read is the file's record's. */
const FILES_RULE: Rule = { area: 'self', action: 'read' };

const NOT_FOUND: Refusal = { status: 404, error: 'NOT_FOUND', message: 'Not found.' };
const BAD_TYPE: Refusal = { status: 415, error: 'VALIDATION', message: FILE_MESSAGES.badType };
const UNREADABLE: Refusal = { status: 415, error: 'VALIDATION', message: msg('files.unreadablePicture').text };
const MISSING: Refusal = { status: 400, error: 'VALIDATION', message: FILE_MESSAGES.missing };
const CONTROL_CHARACTERS: Refusal = { status: 400, error: 'VALIDATION', message: msg('files.controlCharacters').text };
const quotaFull = (config: Config): Refusal => ({ status: 413, error: 'QUOTA_EXCEEDED', ...keyed(quotaMessage(config.filesQuotaBytes)) });
const tooLarge = (config: Config): Refusal => ({
  status: 413,
  error: 'VALIDATION',
  ...keyed(msg('files.largerThan', { mb: Number((config.filesMaxBytes / 1024 ** 2).toFixed(1)) })),
});

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
 * answers with its record. The upload streams to a temporary file (refused past FILES_MAX_MB), its type is
 * sniffed from its bytes, pictures are made upright, stripped of metadata (the GPS location) and given a
 * thumbnail, HEIC becomes JPEG; only then does it go to storage and get its row, so a refusal leaves nothing.
 *
 * GET /api/files/:uuid (also :server_filename, the issue attachments' links) and GET /api/files/:uuid/thumbnail:
 * the file, or its thumbnail, for a member of its company who may read the record it belongs to (an unattached
 * upload: only its uploader). Anything else is 404, as if the file did not exist.
 */
/**
 * An upload's row failed to save, or seemed to: a COMMIT whose answer was lost (the database crashed, or the
 * connection broke, just after it) may have saved the row anyway, and its object must then stay. So the object is
 * removed only once the row is known to be absent; when the database cannot say, it is left to the orphan sweep
 * (files.orphans.ts), which removes an object nothing points to once it is an hour old.
 */
export async function dropIfUnsaved(rowSaved: () => Promise<boolean>, drop: () => Promise<void>): Promise<'kept' | 'dropped' | 'left'> {
  let saved: boolean;
  try {
    saved = await rowSaved();
  } catch {
    return 'left';
  }
  if (saved) return 'kept';
  try {
    await drop();
  } catch {
    return 'left';
  }
  return 'dropped';
}

export async function registerFileRoutes(
  app: FastifyInstance,
  { config, gate, sessionOf }: { config: Config; gate: TenantGate; sessionOf: (req: FastifyRequest) => Promise<LiveSession | null> },
) {
  const storage = storageFor(config);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: config.filesMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });

    scope.post('/api/files', async (req, reply) => {
      const entered = await tenantOf(req, gate, sessionOf);
      if ('status' in entered) return refuse(reply, entered);
      const { member, run } = entered;
      if (!req.isMultipart()) return refuse(reply, MISSING);

      const part = await req.file();
      if (!part) return refuse(reply, MISSING);
      // A NUL (which PostgreSQL cannot store) or any other control character: refused before anything is read.
      if (hasControlCharacter(part.filename ?? '')) {
        part.file.resume();
        return refuse(reply, CONTROL_CHARACTERS);
      }
      const originalName = path.basename(part.filename ?? '').slice(0, 255);
      // The name must at least claim an allowed type; the bytes decide below.
      if (!originalName || !UPLOAD_EXTENSIONS.has(fileExtension(originalName))) {
        part.file.resume();
        return refuse(reply, BAD_TYPE);
      }
      // A company already at its quota hears so before the file is read (the insert below checks again, exactly).
      if ((await run((tx) => storedBytes(tx, member.tenantUuid))) >= config.filesQuotaBytes) {
        part.file.resume();
        return refuse(reply, quotaFull(config));
      }

      const work = await mkdtemp(path.join(tmpdir(), 'gw-upload-'));
      try {
        const received = path.join(work, 'upload');
        try {
          await pipeline(part.file, createWriteStream(received, { flags: 'wx', mode: 0o600 }));
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, tooLarge(config));
          throw err;
        }
        if (part.file.truncated) return refuse(reply, tooLarge(config));
        if ((await stat(received)).size === 0) return refuse(reply, { ...BAD_TYPE, message: FILE_MESSAGES.missing });

        const sniffed = sniff(await readHead(received), fileExtension(originalName));
        if (!sniffed) return refuse(reply, BAD_TYPE);
        let stored = { path: received, ext: sniffed.ext, mimetype: sniffed.mimetype };
        let thumbnail: string | null = null;
        if (sniffed.image) {
          try {
            const image = await processImage(received, sniffed.image, path.join(work, `clean.${sniffed.ext}`));
            stored = image;
            thumbnail = `data:image/jpeg;base64,${image.thumbnail.toString('base64')}`;
          } catch (err) {
            if (err instanceof UnreadableImage) return refuse(reply, UNREADABLE);
            throw err;
          }
        }
        const bytes = (await stat(stored.path)).size;
        // Known too big for the room left: refused before it is stored (the insert's check settles races).
        if ((await run((tx) => storedBytes(tx, member.tenantUuid))) + bytes > config.filesQuotaBytes) {
          return refuse(reply, quotaFull(config));
        }

        const uuid = randomUUID();
        const serverFilename = `${uuid}.${stored.ext}`;
        await storage.put(member.tenantUuid, serverFilename, createReadStream(stored.path), { bytes, contentType: stored.mimetype });
        const sourceTable = fieldValue(part.fields.source_table);
        let saved: boolean;
        try {
          saved = await run(async (tx) => {
            if (!(await fitsQuota(tx, member.tenantUuid, bytes, config.filesQuotaBytes))) return false;
            await tx.insert(files).values({
              tenant_uuid: member.tenantUuid,
              uuid,
              original_name: originalName,
              mimetype: stored.mimetype,
              ext: stored.ext,
              employees_id: member.employeeId,
              created_by: member.employeeId,
              server_filename: serverFilename,
              source_table: sourceTable && /^[a-z_]{1,64}$/.test(sourceTable) ? sourceTable : null,
              bytes,
              thumbnail_base64: thumbnail,
            });
            return true;
          });
        } catch (err) {
          await dropIfUnsaved(
            () =>
              run(async (tx) => {
                const found = await tx
                  .select({ uuid: files.uuid })
                  .from(files)
                  .where(and(eq(files.tenant_uuid, member.tenantUuid), eq(files.uuid, uuid)));
                return found.length > 0;
              }),
            () => storage.delete(member.tenantUuid, serverFilename),
          );
          throw err;
        }
        if (!saved) {
          await storage.delete(member.tenantUuid, serverFilename);
          return refuse(reply, quotaFull(config));
        }
        const answer: StoredFile = {
          uuid,
          server_filename: serverFilename,
          original_name: originalName,
          mimetype: stored.mimetype,
          ext: stored.ext,
          bytes,
          thumbnail_base64: thumbnail,
        };
        return reply.status(201).send(answer);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    });

    scope.get<{ Params: { name: string } }>('/api/files/:name', async (req, reply) => {
      const entered = await tenantOf(req, gate, sessionOf);
      if ('status' in entered) return refuse(reply, entered);
      const { name } = req.params;
      const which = UUID.test(name) ? eq(files.uuid, name) : SERVER_FILENAME.test(name) ? eq(files.server_filename, name) : null;
      if (!which) return refuse(reply, NOT_FOUND);
      const file = await readableFile(entered, which);
      if (!file) return refuse(reply, NOT_FOUND);
      return sendObject(reply, storage, entered.member.tenantUuid, file);
    });

    scope.get<{ Params: { uuid: string } }>('/api/files/:uuid/thumbnail', async (req, reply) => {
      const entered = await tenantOf(req, gate, sessionOf);
      if ('status' in entered) return refuse(reply, entered);
      if (!UUID.test(req.params.uuid)) return refuse(reply, NOT_FOUND);
      const file = await readableFile(entered, eq(files.uuid, req.params.uuid));
      const data = file?.thumbnail_base64?.match(/^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/)?.[1];
      if (!data) return refuse(reply, NOT_FOUND);
      const jpeg = Buffer.from(data, 'base64');
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', jpeg.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(jpeg);
    });
  });
}

type FileRow = { server_filename: string; original_name: string; mimetype: string; thumbnail_base64: string | null };

/** The company's file matching `which`, when the member may read it; null otherwise (and for other companies'). */
async function readableFile(
  { member, run }: { member: Member; run: <T>(fn: (tx: Tx, member: Member) => Promise<T>) => Promise<T> },
  which: SQL,
): Promise<FileRow | null> {
  return run(async (tx) => {
    const [row] = await tx
      .select({
        server_filename: files.server_filename,
        original_name: files.original_name,
        mimetype: files.mimetype,
        thumbnail_base64: files.thumbnail_base64,
        status: files.status,
        employees_id: files.employees_id,
        source_table: files.source_table,
        source_uuid: files.source_uuid,
      })
      .from(files)
      .where(and(eq(files.tenant_uuid, member.tenantUuid), which))
      .limit(1);
    if (!row || !(await mayReadFile(tx, member, row))) return null;
    return row;
  });
}

// Shown in the browser: pictures and PDFs; everything else (office files, text, video) is saved instead.
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

async function sendObject(reply: FastifyReply, storage: Storage, tenantUuid: string, file: FileRow) {
  const object = await storage.get(tenantUuid, file.server_filename);
  if (!object) return refuse(reply, NOT_FOUND);
  const ascii = file.original_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const disposition = INLINE.test(file.mimetype) ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mimetype)
    .header('content-length', object.bytes)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.original_name)}`)
    .send(object.body);
}

const fieldValue = (field: unknown): string | undefined => {
  const f = Array.isArray(field) ? field[0] : field;
  return f && typeof f === 'object' && 'value' in f && typeof f.value === 'string' ? f.value : undefined;
};

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
