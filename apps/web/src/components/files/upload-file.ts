import { appRefusalText } from '../../lib/refusals';

/** A stored file as the server describes it (POST /api/files and the records' `files` fields). */
export interface StoredFile {
  uuid: string;
  original_name: string;
  mimetype: string;
  ext: string;
  bytes: number;
  /** A `data:image/jpeg;base64,…` URL for images; null for PDFs and other documents. */
  thumbnail_base64?: string | null;
}

/** What POST /api/files answers for a stored upload. */
export interface UploadedFile extends StoredFile {
  server_filename: string;
}

/** A refused or failed upload: `status` 0 for a network failure, else the HTTP status; `message` is the server's. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface UploadOptions {
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
  /** The record table the file is meant for (sent as a form field before the file). */
  sourceTable?: string;
}

/** The full file, session-checked by the server. */
export const fileUrl = (uuid: string) => `/api/files/${encodeURIComponent(uuid)}`;
/** The same as an absolute address (for exports read outside the app). */
export const absoluteFileUrl = (uuid: string, origin = globalThis.location?.origin ?? '') => `${origin}${fileUrl(uuid)}`;

export const isImage = (file: Pick<StoredFile, 'mimetype'>) => file.mimetype.startsWith('image/');

/**
 * Uploads one file to POST /api/files for the chosen company. XMLHttpRequest rather than fetch because only it
 * reports upload progress. Resolves with the stored file; rejects with an UploadError carrying the server's message.
 */
export function uploadFile(file: Blob & { name?: string }, tenantUuid: string, { onProgress, signal, sourceTable }: UploadOptions = {}) {
  return new Promise<UploadedFile>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('x-tenant-uuid', tenantUuid);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as
        | (UploadedFile & { message?: string; message_key?: string; message_values?: Record<string, string | number> })
        | null;
      if (xhr.status === 201 && body?.uuid) {
        onProgress?.(100);
        resolve(body);
      } else {
        const message = body?.message || `Upload failed with status ${xhr.status}`;
        // The server's refusal in the reader's language, by its key (issue 46).
        reject(new UploadError(appRefusalText({ message, key: body?.message_key, values: body?.message_values }), xhr.status));
      }
    });
    xhr.addEventListener('error', () => reject(new UploadError('Network error', 0)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (sourceTable) form.append('source_table', sourceTable);
    form.append('file', file, file.name ?? 'upload');
    xhr.send(form);
  });
}
