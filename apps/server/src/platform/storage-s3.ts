import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { checkTenant, isObjectName, objectKey, type Storage } from './storage-keys.js';

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/**
 * The S3-compatible adapter (AWS, MinIO, R2, …): one bucket, a key prefix per company. With an endpoint the
 * bucket is addressed path-style, which every S3-compatible service understands. Checksums only where S3
 * requires them: several compatible services reject the SDK's default trailing checksums on streamed bodies.
 */
export function createS3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;

  /** Every key under the company's prefix, page by page. */
  async function* keysOf(tenantUuid: string): AsyncGenerator<string[]> {
    const Prefix = `${checkTenant(tenantUuid)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      yield (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',

    async put(tenantUuid, name, body, { bytes, contentType }) {
      const Key = objectKey(tenantUuid, name);
      const command = new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: bytes, ContentType: contentType });
      if (Buffer.isBuffer(body)) {
        await client.send(command);
        return;
      }
      // The SDK pipes a stream body without watching it: a source that fails would leave the request hanging and
      // the error unhandled. Its failure aborts the request instead, and is what the caller hears.
      const abort = new AbortController();
      let failure: unknown;
      const onError = (err: unknown) => {
        failure = err;
        abort.abort(err);
      };
      body.once('error', onError);
      try {
        await client.send(command, { abortSignal: abort.signal });
      } catch (err) {
        throw failure ?? err;
      } finally {
        body.off('error', onError);
      }
    },

    async get(tenantUuid, name) {
      const Key = objectKey(tenantUuid, name);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, bytes: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async delete(tenantUuid, name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(tenantUuid, name) }));
    },

    async deletePrefix(tenantUuid) {
      for await (const keys of keysOf(tenantUuid)) {
        if (!keys.length) continue;
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        if (res.Errors?.length) throw new Error(`storage: ${res.Errors.length} objects of the company could not be deleted`);
      }
    },

    async list(tenantUuid) {
      const names: string[] = [];
      for await (const keys of keysOf(tenantUuid)) {
        for (const key of keys) {
          const name = key.slice(tenantUuid.length + 1);
          if (isObjectName(name)) names.push(name);
        }
      }
      return names.sort();
    },

    async close() {
      client.destroy();
    },
  };
}
