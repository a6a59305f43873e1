import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderInShell, renderWithQueries } from '../../shell/test-utils';
import { ReportDialog } from './report-dialog';
import { ReportPdfActions } from './report-pdf-actions';
import { report } from './test-fixtures';

// Issue 46: a saved report's PDF (the one its e-mail carries) opens, prints and shares from the report itself.

const TENANT = '00000000-0000-4000-8000-000000000046';
const REPORT = { id: 7, for_date: '2026-11-27', job_label: 'MS · Main Street' };
const PDF_BYTES = '%PDF-1.7 test';

let fetchMock: ReturnType<typeof vi.fn>;
let share: ReturnType<typeof vi.fn>;
let canShare: ReturnType<typeof vi.fn>;
let open: ReturnType<typeof vi.fn>;

function stubNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(new Blob([PDF_BYTES], { type: 'application/pdf' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  share = vi.fn(async () => {});
  canShare = vi.fn(() => true);
  stubNavigator({ share, canShare, pdfViewerEnabled: true });
  open = vi.fn();
  vi.stubGlobal('open', open);
  URL.createObjectURL = vi.fn(() => 'blob:report-pdf');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const key of ['share', 'canShare', 'pdfViewerEnabled']) Reflect.deleteProperty(navigator, key);
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
  await i18n.changeLanguage('en');
});

const show = () => renderInShell(<ReportPdfActions tenant={TENANT} report={REPORT} />);
const group = () => screen.getByRole('group', { name: "The report's PDF" });

describe('a daily report’s PDF at hand', () => {
  it('opens the PDF in a new tab from a plain link', () => {
    show();
    const link = within(group()).getByRole('link', { name: 'Open PDF' });
    expect(link).toHaveAttribute('href', '/api/daily-reports/7/pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('prints the PDF from a hidden frame where the browser shows PDFs, and opens it in a tab where it does not', async () => {
    show();
    fireEvent.click(within(group()).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/daily-reports/7/pdf', {
      credentials: 'include',
      headers: { 'x-tenant-uuid': TENANT },
    });
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('blob:report-pdf');
    const print = vi.fn();
    vi.spyOn(frame, 'contentWindow', 'get').mockReturnValue({ print, focus: vi.fn() } as unknown as Window);
    fireEvent.load(frame);
    expect(print).toHaveBeenCalledTimes(1);

    stubNavigator({ pdfViewerEnabled: false });
    fireEvent.click(within(group()).getByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledWith('/api/daily-reports/7/pdf', '_blank', 'noopener');
  });

  it('hands the PDF file to the share sheet when the phone can share files', async () => {
    show();
    fireEvent.click(within(group()).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [{ files, title }] = share.mock.calls[0] as [{ files: File[]; title: string }];
    expect(title).toBe('Daily report: MS · Main Street, Fri, Nov 27, 2026');
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('Daily report 2026-11-27.pdf');
    expect(files[0].type).toBe('application/pdf');
    expect(files[0].size).toBe(PDF_BYTES.length);
    expect(canShare).toHaveBeenCalledWith({ files });
  });

  it('downloads the PDF where files cannot be shared', async () => {
    canShare.mockReturnValue(false);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    show();
    fireEvent.click(within(group()).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(share).not.toHaveBeenCalled();
    expect(clicked[0].download).toBe('Daily report 2026-11-27.pdf');
    expect(clicked[0].getAttribute('href')).toBe('blob:report-pdf');
  });

  it('says so when the PDF cannot be loaded, and tries again on the next tap', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    show();
    fireEvent.click(within(group()).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('The PDF could not be loaded. Check the signal and try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(group()).getByRole('button', { name: 'Share' })).toBeEnabled());
    fireEvent.click(within(group()).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish: the actions, the shared file and the report’s title with its day in words', async () => {
    await i18n.changeLanguage('es');
    renderWithQueries(
      <ReportDialog tenant={TENANT} report={report(7, { for_date: '2026-11-27' })} jobs={[]} defaultJob={null} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Reporte diario — vie, 27 nov 2026' });
    const pdf = within(dialog).getByRole('group', { name: 'PDF del reporte' });
    expect(within(pdf).getByRole('link', { name: 'Abrir PDF' })).toBeInTheDocument();
    expect(within(pdf).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    fireEvent.click(within(pdf).getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [{ files, title }] = share.mock.calls[0] as [{ files: File[]; title: string }];
    expect(files[0].name).toBe('Reporte diario 2026-11-27.pdf');
    expect(title).toBe('Reporte diario: MS · Main Street, vie, 27 nov 2026');
  });
});
