import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../shell/test-utils';
import { FileUploadField } from './file-upload-dialog';
import { UploadError, type UploadedFile, type uploadFile } from './upload-file';
import { useFileUploads } from './use-file-uploads';

const stored = (name: string): UploadedFile => ({
  uuid: '8f1c2b9e-0000-4000-8000-000000000001',
  server_filename: 'x.jpg',
  original_name: name,
  mimetype: 'image/jpeg',
  ext: 'jpg',
  bytes: 3,
  thumbnail_base64: 'data:image/jpeg;base64,AAAA',
});

function Harness({ upload, onFiles }: { upload: typeof uploadFile; onFiles: (uuids: string[]) => void }) {
  const uploads = useFileUploads({ tenant: 'tenant-1', sourceTable: 'receipts', upload });
  onFiles(uploads.files.map((f) => f.uuid));
  return <FileUploadField uploads={uploads} />;
}

function pick(file: File) {
  const input = document.querySelector('input[type="file"]:not([capture])') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('file uploads', () => {
  it('shows the server’s message for a failed upload and retries the same file without picking it again', async () => {
    const file = new File(['abc'], 'receipt.jpg', { type: 'image/jpeg' });
    const upload = vi
      .fn<typeof uploadFile>()
      .mockRejectedValueOnce(new UploadError('That file is too large (20 MB at most).', 413))
      .mockImplementationOnce(async (_file, _tenant, options) => {
        options?.onProgress?.(50);
        return stored('receipt.jpg');
      });
    const onFiles = vi.fn();
    renderInShell(<Harness upload={upload} onFiles={onFiles} />);
    pick(file);

    expect(await screen.findByRole('alert')).toHaveTextContent('receipt.jpg was not uploaded: That file is too large (20 MB at most).');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry uploading receipt.jpg' }));
    });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'receipt.jpg uploaded' })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(upload).toHaveBeenCalledTimes(2);
    // The very same File went up twice, to the same company and record table.
    expect(upload.mock.calls[1]?.[0]).toBe(file);
    expect(upload.mock.calls[1]?.[1]).toBe('tenant-1');
    expect(upload.mock.calls[1]?.[2]?.sourceTable).toBe('receipts');
    expect(onFiles).toHaveBeenLastCalledWith([stored('receipt.jpg').uuid]);
  });

  it('words a dropped connection itself and lets a file be removed', async () => {
    const upload = vi.fn<typeof uploadFile>().mockRejectedValue(new UploadError('Network error', 0));
    renderInShell(<Harness upload={upload} onFiles={() => {}} />);
    pick(new File(['abc'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The connection dropped. Check it and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.queryByText('scan.pdf')).toBeNull();
  });
});
