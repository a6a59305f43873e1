/** What POST /api/files answers for a stored upload. */
export interface UploadedFile {
  uuid: string;
  server_filename: string;
  original_name: string;
  mimetype: string;
  ext: string;
  bytes: number;
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Uploads one file to POST /api/files for the chosen company. XMLHttpRequest rather than fetch because
 * only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadFile(
  file: File,
  tenantUuid: string,
  { onProgress, signal, sourceTable }: { onProgress?: (percent: number) => void; signal?: AbortSignal; sourceTable?: string } = {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('x-tenant-uuid', tenantUuid);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as (UploadedFile & { message?: string }) | null;
      if (xhr.status === 201 && body?.server_filename) {
        onProgress?.(100);
        resolve(body);
      } else {
        reject(new UploadError(body?.message ?? `Upload failed with status ${xhr.status}`, xhr.status));
      }
    });
    xhr.addEventListener('error', () => reject(new UploadError('Network error', 0)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (sourceTable) form.append('source_table', sourceTable);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
