import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { UploadError, uploadFile } from './upload-file';

/** An XMLHttpRequest that answers every upload with `status` and `body`, as POST /api/files does. */
function answerUploads(status: number, body: unknown) {
  class FakeXhr extends EventTarget {
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    upload = new EventTarget();
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      queueMicrotask(() => {
        this.status = status;
        this.response = body;
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('uploadFile refusals (issue 46)', () => {
  it("words the server's refusal by its key in the reader's language, and keeps its words without one", async () => {
    const refusal = {
      statusCode: 415,
      error: 'VALIDATION',
      message: 'This type of file cannot be uploaded.',
      message_key: 'files.badType',
      message_values: {},
    };
    answerUploads(415, refusal);
    await i18n.changeLanguage('es');
    const spanish = await uploadFile(new Blob(['MZ']), 'tenant-1').catch((e: unknown) => e);
    expect(spanish).toBeInstanceOf(UploadError);
    expect((spanish as UploadError).message).toBe('Este tipo de archivo no se puede subir.');
    expect((spanish as UploadError).status).toBe(415);

    answerUploads(500, { message: 'Something the server has no key for.' });
    expect(((await uploadFile(new Blob(['x']), 'tenant-1').catch((e: unknown) => e)) as UploadError).message).toBe(
      'Something the server has no key for.',
    );
  });
});
