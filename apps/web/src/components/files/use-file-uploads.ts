import { useCallback, useEffect, useRef, useState } from 'react';
import { type StoredFile, UploadError, uploadFile } from './upload-file';

type UploadState = 'uploading' | 'done' | 'error';

/** One file of an upload list: picked now (with its File, so a failure can be re-sent) or already stored. */
export interface UploadItem {
  key: number;
  name: string;
  /** The picked file; absent for files the record already had. */
  file?: File;
  /** A local preview (object URL) of a picked image, until the server's thumbnail arrives. */
  preview?: string;
  progress: number;
  state: UploadState;
  stored?: StoredFile;
  /** The server's message, or null for a dropped connection (the caller words that one). */
  error?: string | null;
}

export interface FileUploads {
  items: UploadItem[];
  /** Starts uploading each file. */
  add: (files: Iterable<File>) => void;
  /** Sends a failed file again, the same bytes, without picking it again. */
  retry: (key: number) => void;
  /** Takes a file off the list (cancelling its upload). */
  remove: (key: number) => void;
  /** Takes a stored file off the list by its uuid. */
  removeFile: (uuid: string) => void;
  /** Back to `initial` (or empty), cancelling running uploads. */
  reset: (initial?: readonly StoredFile[]) => void;
  uploading: boolean;
  failed: boolean;
  /** The stored files, in list order. */
  files: StoredFile[];
}

interface Options {
  tenant: string | null;
  sourceTable?: string;
  initial?: readonly StoredFile[];
  /** At most this many files on the list; extra picks are ignored (and `onTooMany` is told). */
  max?: number;
  onTooMany?: () => void;
  /** The upload function (tests pass a fake). */
  upload?: typeof uploadFile;
}

function fromStored(counter: { current: number }, files: readonly StoredFile[]): UploadItem[] {
  return files.map((stored) => {
    counter.current += 1;
    return { key: counter.current, name: stored.original_name, progress: 100, state: 'done', stored };
  });
}

const canPreview = (file: File) => file.type.startsWith('image/') && typeof URL.createObjectURL === 'function';

/**
 * The state of a list of uploads: progress per file, the server's message when one fails, retry with the same File,
 * removal. Uploads still running when the component goes away are cancelled and previews released.
 */
export function useFileUploads({ tenant, sourceTable, initial = [], max, onTooMany, upload = uploadFile }: Options): FileUploads {
  const counter = useRef(0);
  const [items, setItems] = useState<UploadItem[]>(() => fromStored(counter, initial));
  const aborts = useRef(new Map<number, AbortController>());
  const live = useRef(items);
  live.current = items;

  useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort.abort();
      for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    (key: number, file: File) => {
      if (!tenant) return;
      const abort = new AbortController();
      aborts.current.get(key)?.abort();
      aborts.current.set(key, abort);
      upload(file, tenant, { signal: abort.signal, sourceTable, onProgress: (progress) => update(key, { progress }) })
        .then((stored) => update(key, { state: 'done', stored, progress: 100, error: undefined }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const message = error instanceof UploadError ? (error.status === 0 ? null : error.message) : String(error);
          update(key, { state: 'error', error: message, progress: 0 });
        })
        .finally(() => {
          if (aborts.current.get(key) === abort) aborts.current.delete(key);
        });
    },
    [tenant, sourceTable, upload, update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      let chosen = Array.from(files);
      if (max !== undefined) {
        const room = Math.max(0, max - live.current.length);
        if (chosen.length > room) {
          onTooMany?.();
          chosen = chosen.slice(0, room);
        }
      }
      const added = chosen.map((file): UploadItem => {
        counter.current += 1;
        return {
          key: counter.current,
          name: file.name,
          file,
          preview: canPreview(file) ? URL.createObjectURL(file) : undefined,
          progress: 0,
          state: 'uploading',
        };
      });
      setItems((list) => [...list, ...added]);
      for (const item of added) if (item.file) send(item.key, item.file);
    },
    [max, onTooMany, send],
  );

  const retry = useCallback(
    (key: number) => {
      const item = live.current.find((i) => i.key === key);
      if (!item?.file) return;
      update(key, { state: 'uploading', progress: 0, error: undefined });
      send(key, item.file);
    },
    [send, update],
  );

  const remove = useCallback((key: number) => {
    aborts.current.get(key)?.abort();
    aborts.current.delete(key);
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const removeFile = useCallback(
    (uuid: string) => {
      const item = live.current.find((i) => i.stored?.uuid === uuid);
      if (item) remove(item.key);
    },
    [remove],
  );

  const reset = useCallback((next: readonly StoredFile[] = []) => {
    for (const abort of aborts.current.values()) abort.abort();
    aborts.current.clear();
    for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
    setItems(fromStored(counter, next));
  }, []);

  return {
    items,
    add,
    retry,
    remove,
    removeFile,
    reset,
    uploading: items.some((i) => i.state === 'uploading'),
    failed: items.some((i) => i.state === 'error'),
    files: items.flatMap((i) => (i.state === 'done' && i.stored ? [i.stored] : [])),
  };
}
