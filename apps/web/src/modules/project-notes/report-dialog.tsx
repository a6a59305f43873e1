import { type ManpowerLine, REPORT_SECTIONS, reportFormSchema, reportSendSchema } from '@groundwork/core/project-notes';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../auth/session';
import { ArchiveToggleButton } from '../../components/archive-toggle-button';
import { DateField } from '../../components/date-field';
import type { StoredFile } from '../../components/files/upload-file';
import { useFileUploads } from '../../components/files/use-file-uploads';
import { OptionPicker } from '../../components/option-picker';
import { RichTextEditor } from '../../components/rich-text-editor';
import { translateFieldError } from '../../lib/field-errors';
import { compressPhoto } from '../../lib/outbox/compress-photo';
import { sendFieldAction } from '../../lib/outbox/send';
import { errorText } from '../../lib/refusals';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import { fetchDraft, type Report, type ReportInput, type ReportJob, reportKeys, saveMutation, saveReport, setReportStatus } from './api';
import { reportDay } from './report-day';
import { initialReport, type ReportValues, reportInput } from './report-form';
import { ReportManpower } from './report-manpower';
import { ReportPdfActions } from './report-pdf-actions';
import { ReportPhotos } from './report-photos';
import { useReportDraft } from './use-report-draft';

const REPORTS_SOURCE_TABLE = 'jobs_notes';

type Props = { tenant: string; report: Report | null; jobs: ReportJob[]; defaultJob: number | null; onClose: () => void };

/** Write a day's report on a phone: start from the day's data, add photos and notes, send it as a PDF. */
export function ReportDialog({ tenant, report, jobs, defaultJob, onClose }: Props) {
  const { t, i18n } = useTranslation('project-notes');
  const snackbar = useSnackbar();
  const client = useQueryClient();
  const { key, values, setValues, restored, setRestored, saved } = useReportDraft(tenant, report, defaultJob);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const uploads = useFileUploads({
    tenant,
    sourceTable: REPORTS_SOURCE_TABLE,
    initial: (report?.photos ?? []).map((p) => ({
      uuid: p.uuid,
      original_name: p.original_name,
      mimetype: 'image/jpeg',
      ext: 'jpg',
      bytes: 0,
      thumbnail_base64: p.thumbnail_base64,
    })) as StoredFile[],
    max: 20,
  });
  const archived = report !== null && report.status !== 1;
  const set = (patch: Partial<ReportValues>) => setValues((v) => ({ ...v, ...patch }));

  /** A rule's message from core (errors namespace), in the reader's language. */
  const rule = (raw: string) => translateFieldError(t, raw) ?? raw;

  const fill = useMutation({
    mutationFn: (from: 'today' | 'yesterday') => fetchDraft(tenant, values.jobs_id as number, values.for_date, from),
    onSuccess: (d, from) => {
      const manpower = (d.manpower ?? []) as ManpowerLine[];
      setValues((v) => ({
        ...v,
        manpower: from === 'today' && manpower.length ? manpower : v.manpower,
        work_performed: v.work_performed || d.work_performed || '',
        equipment: v.equipment || d.equipment || '',
        deliveries: v.deliveries || d.deliveries || '',
        delays: v.delays || d.delays || '',
        safety: v.safety || d.safety || '',
        weather: v.weather || d.weather || '',
        email_to: v.email_to || d.email_to || '',
        cc_email_to: v.cc_email_to || d.cc_email_to || '',
      }));
      setNote(from === 'today' && !manpower.length && !d.equipment && !d.deliveries ? t('dialog.nothing') : t('dialog.filled'));
    },
    onError: (e) =>
      snackbar.show({
        color: 'error',
        message: errorText(t, e, t('messages.draftFailed')),
      }),
  });

  const owner = useOutboxOwner();
  // Photos whose upload the lost signal stopped: they wait on the phone with the report.
  const offlinePhotos = uploads.items.flatMap((i) => (i.file && i.state === 'error' && i.error === null ? [i.file] : []));
  const save = useMutation({
    // A field action: with no signal the report waits on this phone (photos compressed) and is sent once later.
    networkMode: 'always',
    mutationFn: async ({ input, send }: { input: ReportInput; send: boolean }): Promise<{ queued: boolean }> => {
      if (!owner) {
        await saveReport(tenant, input, report?.id ?? null, send);
        return { queued: false };
      }
      const files = await Promise.all(offlinePhotos.map((photo) => compressPhoto(photo)));
      const job = jobs.find((j) => j.id === input.jobs_id)?.label ?? '';
      return sendFieldAction({
        owner,
        tenant,
        kind: 'daily-report',
        label: t('messages.outboxLabel', { job, date: input.for_date }),
        document: saveMutation,
        variables: { tenant_uuid: tenant, report: input, id: report?.id ?? null, send },
        files,
        sourceTable: REPORTS_SOURCE_TABLE,
        filesPath: ['report', 'photos'],
        filesItem: { caption: null },
      });
    },
    onSuccess: (sent, { send }) => {
      saved.current = true;
      localStorage.removeItem(key);
      void client.invalidateQueries({ queryKey: reportKeys.all(tenant) });
      snackbar.show(
        sent.queued
          ? { color: 'info', message: t('messages.queued') }
          : { color: 'success', message: send ? t('messages.sent') : t('messages.saved') },
      );
      onClose();
    },
    onError: (e) => {
      const message = errorText(t, e, t('messages.saveFailed'));
      snackbar.show({ color: 'error', message });
    },
  });
  const archive = useMutation({
    mutationFn: () => setReportStatus(tenant, report?.id as number, archived ? 1 : 0),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reportKeys.all(tenant) });
      snackbar.show({ color: 'success', message: archived ? t('messages.restored') : t('messages.archived') });
      onClose();
    },
    onError: () => snackbar.show({ color: 'error', message: t('messages.saveFailed') }),
  });

  const submit = (send: boolean) => {
    const input = reportInput(
      values,
      uploads.files.map((f) => f.uuid),
    );
    const checked = (send ? reportSendSchema : reportFormSchema).safeParse(input);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[String(issue.path[0])] ??= rule(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ input, send });
  };

  const job = jobs.find((j) => j.id === values.jobs_id) ?? null;
  const busy = save.isPending || archive.isPending || uploads.uploading;
  return (
    <AppDialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={report ? t('dialog.editTitle', { date: reportDay(report.for_date, i18n.language) }) : t('dialog.newTitle')}
      loading={save.isPending || archive.isPending}
      width={880}
      header={
        report ? (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              {report.sent_on ? <Chip size="small" label={t('sent')} /> : <Chip size="small" variant="outlined" label={t('notSent')} />}
              {report.revised && <Chip size="small" color="warning" label={t('revised')} />}
              <Box sx={{ flexGrow: 1 }} />
              <ArchiveToggleButton
                archived={archived}
                disabled={busy}
                onClick={() => archive.mutate()}
                archiveLabel={t('dialog.archive')}
                restoreLabel={t('dialog.restore')}
              />
            </Stack>
            <ReportPdfActions tenant={tenant} report={report} />
          </Stack>
        ) : undefined
      }
      cancelButton={{ onClick: onClose, label: t('dialog.cancel') }}
      actionButton={archived ? undefined : { onClick: () => submit(true), label: t('dialog.saveSend') }}
      actionButtonDisabled={busy}
    >
      <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => e.preventDefault()}>
        {restored && (
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  localStorage.removeItem(key);
                  setValues(initialReport(report, defaultJob));
                  setRestored(false);
                }}
              >
                {t('dialog.discardDraft')}
              </Button>
            }
          >
            {t('dialog.draftRestored')}
          </Alert>
        )}
        {report?.sent_on && (
          <Typography variant="body2" color="text.secondary">
            {t('dialog.sentOn', { when: new Date(report.sent_on).toLocaleString(i18n.language), to: report.sent_to ?? '' })}
            {report.revised ? ` · ${t('dialog.revisedNote')}` : ''}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <OptionPicker
            options={jobs}
            value={job}
            disabled={archived}
            onChange={(v) => {
              set({ jobs_id: v?.id ?? null });
              setNote(null);
            }}
            getOptionLabel={(o) => o.label}
            label={t('job')}
            required
            error={Boolean(errors.jobs_id)}
            helperText={errors.jobs_id}
          />
          <DateField
            label={t('dialog.date')}
            required
            disabled={archived}
            value={values.for_date}
            onChange={(e) => {
              set({ for_date: e.target.value });
              setNote(null);
            }}
            error={Boolean(errors.for_date)}
            helperText={errors.for_date}
          />
        </Box>
        {!archived && (
          <Stack spacing={0.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                startIcon={<AutoFixHighIcon />}
                disabled={!values.jobs_id || fill.isPending}
                onClick={() => fill.mutate('today')}
              >
                {t('dialog.fill')}
              </Button>
              <Button startIcon={<ContentCopyIcon />} disabled={!values.jobs_id || fill.isPending} onClick={() => fill.mutate('yesterday')}>
                {t('dialog.copy')}
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('dialog.fillHint')}
            </Typography>
            {note && (
              <Typography variant="body2" role="status">
                {note}
              </Typography>
            )}
          </Stack>
        )}
        <ReportManpower
          manpower={values.manpower}
          archived={archived}
          onRemove={(i) => set({ manpower: values.manpower.filter((_, j) => j !== i) })}
        />
        <TextField
          label={t('dialog.weather')}
          disabled={archived}
          value={values.weather}
          onChange={(e) => set({ weather: e.target.value })}
        />
        {REPORT_SECTIONS.map((s) => (
          <TextField
            key={s}
            label={t(`dialog.${s}`)}
            multiline
            minRows={s === 'work_performed' ? 3 : 2}
            disabled={archived}
            value={values[s]}
            onChange={(e) => set({ [s]: e.target.value } as Partial<ReportValues>)}
            error={Boolean(errors[s])}
            helperText={errors[s]}
          />
        ))}
        <RichTextEditor
          label={t('dialog.notes')}
          value={values.notes_html}
          disabled={archived}
          onChange={(html) => set({ notes_html: html })}
          labels={{
            bold: t('dialog.editor.bold'),
            italic: t('dialog.editor.italic'),
            bullets: t('dialog.editor.bullets'),
            numbers: t('dialog.editor.numbers'),
          }}
        />
        <ReportPhotos uploads={uploads} captions={values.captions} archived={archived} onCaptionsChange={(captions) => set({ captions })} />
        {offlinePhotos.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('messages.photoKeptOffline')}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            label={t('dialog.emailTo')}
            disabled={archived}
            value={values.email_to}
            onChange={(e) => set({ email_to: e.target.value })}
            error={Boolean(errors.email_to)}
            helperText={errors.email_to ?? t('dialog.emailHint')}
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
          <TextField
            label={t('dialog.cc')}
            disabled={archived}
            value={values.cc_email_to}
            onChange={(e) => set({ cc_email_to: e.target.value })}
            error={Boolean(errors.cc_email_to)}
            helperText={errors.cc_email_to}
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
        </Box>
        {!archived && (
          <Button variant="outlined" disabled={busy} onClick={() => submit(false)} sx={{ alignSelf: 'flex-end' }}>
            {t('dialog.save')}
          </Button>
        )}
      </Stack>
    </AppDialog>
  );
}
