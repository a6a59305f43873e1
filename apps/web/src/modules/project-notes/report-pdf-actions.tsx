import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../lib/export-files';
import { useSnackbar } from '../../shell/snackbar';
import { fetchReportPdf, type Report, reportPdfUrl } from './api';
import { reportDay } from './report-day';

type Props = { tenant: string; report: Pick<Report, 'id' | 'for_date' | 'job_label'> };

/** How long an object URL handed to a print frame lives: long enough for the browser to read it. */
const URL_LIFETIME_MS = 60_000;

/** Prints the PDF from a hidden frame, through the browser's own PDF viewer. */
function printInFrame(blob: Blob) {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      // A viewer that will not print from a frame: the PDF opens where the browser's own print is at hand.
      window.open(url, '_blank', 'noopener');
    }
  };
  frame.src = url;
  document.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, URL_LIFETIME_MS);
}

/**
 * A saved report's PDF at hand (issue 46), the very one its e-mail carries: open it in a new tab, print it, or share
 * it — on a phone the share sheet gets the file (Web Share API), elsewhere it downloads.
 */
export function ReportPdfActions({ tenant, report }: Props) {
  const { t, i18n } = useTranslation('project-notes');
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<'print' | 'share' | null>(null);
  // Fetched once per open dialog: a second tap (a share sheet that needs a fresh tap) does not fetch it again.
  const pdf = useRef<Promise<Blob> | null>(null);
  const url = reportPdfUrl(report.id);
  const name = t('pdf.fileName', { date: report.for_date });

  const load = () => {
    pdf.current ??= fetchReportPdf(tenant, report.id).catch((error: unknown) => {
      pdf.current = null;
      throw error;
    });
    return pdf.current;
  };
  const failed = () => snackbar.show({ color: 'error', message: t('pdf.failed') });

  const print = async () => {
    // Without a PDF viewer of its own (phones), the browser opens the PDF in a tab, where it prints; opened at once,
    // within the tap, so no pop-up blocker stops it.
    if (!navigator.pdfViewerEnabled) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    setBusy('print');
    try {
      printInFrame(await load());
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    setBusy('share');
    try {
      const blob = await load();
      const file = new File([blob], name, { type: 'application/pdf' });
      const title = t('pdf.shareTitle', { job: report.job_label ?? '', date: reportDay(report.for_date, i18n.language) });
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        try {
          await navigator.share({ files: [file], title });
        } catch (error) {
          const kind = (error as { name?: string }).name;
          // Closing the share sheet is no failure; a tap that went stale while the PDF loaded asks for a fresh one.
          if (kind === 'NotAllowedError') snackbar.show({ color: 'info', message: t('pdf.shareAgain') });
          else if (kind !== 'AbortError') throw error;
        }
      } else {
        downloadBlob(blob, name);
      }
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={t('pdf.label')} sx={{ flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<PictureAsPdfIcon />} href={url} target="_blank" rel="noopener">
        {t('pdf.open')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<PrintIcon />} loading={busy === 'print'} disabled={busy !== null} onClick={print}>
        {t('pdf.print')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<ShareIcon />} loading={busy === 'share'} disabled={busy !== null} onClick={share}>
        {t('pdf.share')}
      </Button>
    </Stack>
  );
}
