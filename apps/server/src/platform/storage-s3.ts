import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { checkTenant, isObjectName, objectKey, type Storage } from './storage-keys.js';

// The SDK is loaded on first use: a server storing files on disk never pays for it.
type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The S3-compatible adapter (AWS, MinIO, R2, …): one bucket, a key prefix per company. With an endpoint the
 * bucket is addressed path-style, which every S3-compatible service understands. Checksums only where S3
 * requires them: several compatible services reject the SDK's default trailing checksums on streamed bodies.
 */
export function createS3Storage(s3: S3Config): Storage {
  let connected: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  const connect = () => {
    connected ??= loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return connected;
  };
  const Bucket = s3.bucket;

  /** Every key under the company's prefix, page by page. */
  async function* keysOf(tenantUuid: string): AsyncGenerator<string[]> {
    const Prefix = `${checkTenant(tenantUuid)}/`;
    const { client, sdk } = await connect();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      yield (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',

    async put(tenantUuid, name, body, { bytes, contentType }) {
      const Key = objectKey(tenantUuid, name);
      // The SDK pipes a stream body without watching it: a source that fails would leave the request hanging and
      // the error unhandled. Its failure aborts the request instead, and is what the caller hears.
      const abort = new AbortController();
      let failure: unknown;
      const onError = (err: unknown) => {
        failure = err;
        abort.abort(err);
      };
      if (!Buffer.isBuffer(body)) body.once('error', onError);
      try {
        const { client, sdk } = await connect();
        if (failure) throw failure;
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentLength: bytes, ContentType: contentType }), {
          abortSignal: abort.signal,
        });
      } catch (err) {
        throw failure ?? err;
      } finally {
        if (!Buffer.isBuffer(body)) body.off('error', onError);
      }
    },

    async get(tenantUuid, name) {
      const Key = objectKey(tenantUuid, name);
      const { client, sdk } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, bytes: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async delete(tenantUuid, name) {
      const Key = objectKey(tenantUuid, name);
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },

    async deletePrefix(tenantUuid) {
      checkTenant(tenantUuid);
      const { client, sdk } = await connect();
      for await (const keys of keysOf(tenantUuid)) {
        if (!keys.length) continue;
        const res = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
        );
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

    async modified(tenantUuid, name) {
      const Key = objectKey(tenantUuid, name);
      const { client, sdk } = await connect();
      try {
        const res = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return res.LastModified ?? null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async close() {
      if (connected) (await connected).client.destroy();
    },
  };
}
