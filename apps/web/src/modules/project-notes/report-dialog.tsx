import {
  formatHours,
  type ManpowerLine,
  manpowerHours,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_SECTIONS,
  reportFormSchema,
  reportSendSchema,
} from '@groundwork/core/project-notes';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadField } from '../../components/files/file-upload-dialog';
import type { StoredFile } from '../../components/files/upload-file';
import { useFileUploads } from '../../components/files/use-file-uploads';
import { RichTextEditor } from '../../components/rich-text-editor';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import { fetchDraft, manpowerOf, type Report, type ReportInput, type ReportJob, reportKeys, saveReport, setReportStatus } from './api';

export const REPORTS_SOURCE_TABLE = 'jobs_notes';

type Section = (typeof REPORT_SECTIONS)[number];
type Values = {
  jobs_id: number | null;
  for_date: string;
  email_to: string;
  cc_email_to: string;
  notes_html: string;
  weather: string;
  manpower: ManpowerLine[];
  captions: Record<string, string>;
} & Record<Section, string>;

function initial(report: Report | null, jobId: number | null): Values {
  return {
    jobs_id: report?.jobs_id ?? jobId,
    for_date: report?.for_date ?? localToday(),
    email_to: report?.email_to ?? '',
    cc_email_to: report?.cc_email_to ?? '',
    notes_html: report?.notes_html ?? '',
    weather: report?.weather ?? '',
    manpower: report ? manpowerOf(report) : [],
    captions: Object.fromEntries((report?.photos ?? []).map((p) => [p.uuid, p.caption ?? ''])),
    work_performed: report?.work_performed ?? '',
    equipment: report?.equipment ?? '',
    deliveries: report?.deliveries ?? '',
    delays: report?.delays ?? '',
    safety: report?.safety ?? '',
  };
}

/** Unsaved changes are kept on the device while the signal drops; saving clears them. */
/** Core's report rule messages (English, shared with the server) and their keys in the module's locale. */
const RULE_KEYS: Record<string, string> = {
  [REPORT_MESSAGES.noRecipients]: 'rules.noRecipients',
  [REPORT_MESSAGES.invalidDate]: 'rules.date',
  [REPORT_MESSAGES.required]: 'rules.required',
  [REPORT_MESSAGES.job]: 'rules.required',
  [REPORT_MESSAGES.exists]: 'rules.exists',
  [REPORT_MESSAGES.noYesterday]: 'rules.noYesterday',
  [REPORT_MESSAGES.archivedReport]: 'rules.archivedReport',
  [REPORT_MESSAGES.tooManyRecipients]: 'rules.tooManyRecipients',
  'Daily report not found.': 'rules.notFound',
};
const draftKey = (tenant: string, report: Report | null) => `gw-report-draft:${tenant}:${report?.id ?? 'new'}`;
function readLocalDraft(key: string): Values | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Values) : null;
  } catch {
    return null;
  }
}

type Props = { tenant: string; report: Report | null; jobs: ReportJob[]; defaultJob: number | null; onClose: () => void };

/** Write a day's report on a phone: start from the day's data, add photos and notes, send it as a PDF. */
export function ReportDialog({ tenant, report, jobs, defaultJob, onClose }: Props) {
  const { t, i18n } = useTranslation('project-notes');
  const snackbar = useSnackbar();
  const client = useQueryClient();
  const key = draftKey(tenant, report);
  const stored = useRef(readLocalDraft(key));
  // The form as opened: only what differs from it is an unsaved change worth keeping (and offering back).
  const pristine = useRef(JSON.stringify(initial(report, defaultJob)));
  const [values, setValues] = useState<Values>(() => stored.current ?? initial(report, defaultJob));
  const [restored, setRestored] = useState(Boolean(stored.current));
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
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  // Unsaved changes are kept on the device 400 ms after the last keystroke, and at once when the dialog closes
  // (unless it closed because the report was saved): a phone locked mid-sentence loses nothing.
  const latest = useRef(values);
  latest.current = values;
  const saved = useRef(false);
  const keepLocal = useCallback(() => {
    if (saved.current) return;
    try {
      const json = JSON.stringify(latest.current);
      if (json === pristine.current) localStorage.removeItem(key);
      else localStorage.setItem(key, json);
    } catch {
      // Storage full or private mode: the form still works, only without the local copy.
    }
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the 400 ms starts again at every change of the form.
  useEffect(() => {
    const timer = setTimeout(keepLocal, 400);
    return () => clearTimeout(timer);
  }, [keepLocal, values]);
  useEffect(() => keepLocal, [keepLocal]);

  /** A rule's message from core or the server (with or without its "field: " prefix), in the reader's language. */
  const rule = (raw: string) => {
    const message = raw.replace(/^[\w.]+: /, '');
    const key = RULE_KEYS[message];
    if (key) return t(key as 'rules.required', { max: REPORT_LIMITS.recipients });
    const email = /Invalid email address: (.*)$/.exec(message);
    return email ? t('rules.email', { address: email[1] }) : message;
  };

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
        message: e instanceof GraphQLRequestError && e.code !== 'INTERNAL_SERVER_ERROR' ? rule(e.message) : t('messages.draftFailed'),
      }),
  });

  const save = useMutation({
    mutationFn: ({ input, send }: { input: ReportInput; send: boolean }) => saveReport(tenant, input, report?.id ?? null, send),
    onSuccess: (_res, { send }) => {
      saved.current = true;
      localStorage.removeItem(key);
      void client.invalidateQueries({ queryKey: reportKeys.all(tenant) });
      snackbar.show({ color: 'success', message: send ? t('messages.sent') : t('messages.saved') });
      onClose();
    },
    onError: (e) => {
      const message = e instanceof GraphQLRequestError && e.code !== 'INTERNAL_SERVER_ERROR' ? rule(e.message) : t('messages.saveFailed');
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
    const input = {
      jobs_id: values.jobs_id ?? 0,
      for_date: values.for_date,
      email_to: values.email_to || null,
      cc_email_to: values.cc_email_to || null,
      notes_html: values.notes_html || null,
      work_performed: values.work_performed || null,
      equipment: values.equipment || null,
      deliveries: values.deliveries || null,
      delays: values.delays || null,
      safety: values.safety || null,
      weather: values.weather || null,
      manpower: values.manpower.map((m) => ({ employees_id: m.employees_id, name: m.name, hours: m.hours, costcodes: m.costcodes })),
      photos: uploads.files.map((f) => ({ uuid: f.uuid, caption: values.captions[f.uuid]?.trim() || null })),
    };
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
  const total = manpowerHours(values.manpower);
  return (
    <AppDialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={report ? t('dialog.editTitle', { job: report.job_label ?? '', date: report.for_date }) : t('dialog.newTitle')}
      loading={save.isPending || archive.isPending}
      width={880}
      header={
        report ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {report.sent_on ? <Chip size="small" label={t('sent')} /> : <Chip size="small" variant="outlined" label={t('notSent')} />}
            {report.revised && <Chip size="small" color="warning" label={t('revised')} />}
            <Box sx={{ flexGrow: 1 }} />
            <Button
              size="small"
              startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />}
              disabled={busy}
              onClick={() => archive.mutate()}
            >
              {archived ? t('dialog.restore') : t('dialog.archive')}
            </Button>
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
                  setValues(initial(report, defaultJob));
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
          <Autocomplete
            options={jobs}
            value={job}
            disabled={archived}
            onChange={(_e, v) => {
              set({ jobs_id: v?.id ?? null });
              setNote(null);
            }}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField {...params} label={t('job')} required error={Boolean(errors.jobs_id)} helperText={errors.jobs_id} />
            )}
          />
          <TextField
            type="date"
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
            slotProps={{ inputLabel: { shrink: true } }}
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
        <Stack spacing={0.5}>
          <Typography variant="subtitle1" component="h3">
            {t('dialog.manpower')}
            {values.manpower.length > 0 && ` · ${t('dialog.totalHours', { hours: total })}`}
          </Typography>
          {values.manpower.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('dialog.manpowerEmpty')}
            </Typography>
          ) : (
            <List dense aria-label={t('dialog.manpower')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {values.manpower.map((m, i) => (
                <ListItem
                  key={m.employees_id ?? `name:${m.name}`}
                  secondaryAction={
                    archived ? undefined : (
                      <IconButton
                        edge="end"
                        aria-label={t('dialog.removePerson', { name: m.name })}
                        onClick={() => set({ manpower: values.manpower.filter((_, j) => j !== i) })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText
                    primary={`${m.name} · ${formatHours(m.hours)}`}
                    secondary={m.costcodes.map((c) => `${c.costcode}: ${formatHours(c.hours)}`).join(', ') || undefined}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
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
            onChange={(e) => set({ [s]: e.target.value } as Partial<Values>)}
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
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {t('dialog.photos')}
          </Typography>
          {uploads.files.map((f, i) => (
            <Stack key={f.uuid} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              {f.thumbnail_base64 ? (
                <Box component="img" src={f.thumbnail_base64} alt="" sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }} />
              ) : (
                <Box sx={{ width: 64, height: 64, bgcolor: 'action.hover', borderRadius: 1 }} />
              )}
              <TextField
                size="small"
                fullWidth
                disabled={archived}
                label={t('dialog.caption', { n: i + 1 })}
                value={values.captions[f.uuid] ?? ''}
                onChange={(e) => set({ captions: { ...values.captions, [f.uuid]: e.target.value } })}
              />
              {!archived && (
                <IconButton aria-label={t('dialog.removePhoto', { n: i + 1 })} onClick={() => uploads.removeFile(f.uuid)}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
          ))}
          {!archived && <FileUploadField uploads={uploads} accept="image/*" label={t('dialog.addPhotos')} showDone={false} />}
        </Stack>
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
