import { jobLabel } from '@groundwork/core/names';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Chip, LinearProgress, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { AppDialog } from '../../../shell/app-dialog';
import { ButtonLink } from '../../../shell/links';
import { useSnackbar } from '../../../shell/snackbar';
import { jobKeys } from '../api/keys';
import { deleteJob } from '../api/mutations';
import { type Job, jobDetailQueryOptions } from '../api/queries';
import { JobBudgetTab } from './job-budget-tab';
import { JobFormDialog } from './job-form-dialog';
import { statusKey } from './job-format';
import { JobTeamTab } from './job-team-tab';
import { JobsGantt, readMilestones } from './jobs-gantt';

const DETAIL_TABS = ['details', 'team', 'budget', 'timeline'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export const asDetailTab = (tab: string | undefined): DetailTab =>
  ((DETAIL_TABS as readonly string[]).find((t) => t === tab) as DetailTab) ?? 'details';

interface JobDetailViewProps {
  tenant: string;
  id: number;
  tab: DetailTab;
  editable: boolean;
  onTabChange: (tab: DetailTab) => void;
  onBack: () => void;
}

export function JobDetailView({ tenant, id, tab, editable, onTabChange, onBack }: JobDetailViewProps) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const detail = useQuery(jobDetailQueryOptions(tenant, id));
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (detail.isError) snackbar.show({ color: 'error', message: t('messages.fetchFailed') });
  }, [detail.isError, snackbar, t]);

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
      {t('detail.back')}
    </Button>
  );
  if (detail.isPending) return <LinearProgress aria-label={t('list.loading')} />;
  if (detail.isError || !detail.data) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity={detail.isError ? 'error' : 'info'}>{detail.isError ? t('messages.fetchFailed') : t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  const { job } = detail.data;
  const tabId = (name: DetailTab) => `job-tab-${name}`;
  const panelId = (name: DetailTab) => `job-panel-${name}`;

  return (
    <Stack spacing={2}>
      {back}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {jobLabel(job)} <Chip size="small" label={t(statusKey(job.status))} sx={{ ml: 1, verticalAlign: 'middle' }} />
        </Typography>
        {job.status === 1 && <GraphLink id={job.id} />}
        {editable && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {t('detail.edit')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmDelete(true)}>
              {t('detail.delete')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, next: DetailTab) => onTabChange(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('detail.tabsLabel')}
      >
        {DETAIL_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`detail.tabs.${name}`)} id={tabId(name)} aria-controls={panelId(name)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ pt: 1 }}>
        {tab === 'details' && <JobDetailsTab job={job} />}
        {tab === 'team' && <JobTeamTab tenant={tenant} detail={detail.data} editable={editable} />}
        {tab === 'budget' && <JobBudgetTab tenant={tenant} jobId={job.id} editable={editable} />}
        {tab === 'timeline' && <JobTimelineTab tenant={tenant} job={job} editable={editable} />}
      </Box>
      {editing && <JobFormDialog tenant={tenant} open job={job} onClose={() => setEditing(false)} />}
      {confirmDelete && <DeleteJobDialog tenant={tenant} job={job} onClose={() => setConfirmDelete(false)} onDeleted={onBack} />}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function JobDetailsTab({ job }: { job: Job }) {
  const { t, i18n } = useTranslation('projects');
  const address = [job.street, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}>
      <Field label={t('fields.job')}>{job.job}</Field>
      <Field label={t('fields.job_abbr')}>{job.job_abbr}</Field>
      <Field label={t('fields.customer')}>{job.customer}</Field>
      <Field label={t('fields.status')}>{t(statusKey(job.status))}</Field>
      <Field label={t('fields.start_date')}>{formatDay(job.start_date, i18n.language, '—')}</Field>
      <Field label={t('fields.end_date')}>{formatDay(job.end_date, i18n.language, '—')}</Field>
      <Field label={t('fields.address')}>{address}</Field>
      <Field label={t('fields.description')}>{job.description}</Field>
    </Box>
  );
}

function JobTimelineTab({ tenant, job, editable }: { tenant: string; job: Job; editable: boolean }) {
  const { t, i18n } = useTranslation('projects');
  const milestones = readMilestones(job.milestones).sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Stack spacing={2}>
      <JobsGantt tenant={tenant} jobs={[job]} editable={editable} showMilestones label={t('timeline.jobLabel', { name: jobLabel(job) })} />
      <Typography variant="subtitle1" component="h3">
        {t('fields.milestones')}
      </Typography>
      {milestones.length === 0 ? (
        <Typography color="text.secondary">{t('timeline.noMilestones')}</Typography>
      ) : (
        <List dense>
          {milestones.map((m) => (
            <ListItem key={`${m.title}-${m.date}`} divider>
              <ListItemText primary={m.title} secondary={formatDay(m.date, i18n.language, '—')} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

function DeleteJobDialog({ tenant, job, onClose, onDeleted }: { tenant: string; job: Job; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteJob(tenant, job.id),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.deleted') });
      queryClient.removeQueries({ queryKey: jobKeys.detail(tenant, job.id) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.list(tenant) });
      onClose();
      onDeleted();
    },
    onError: () => snackbar.show({ color: 'error', message: t('messages.deleteFailed') }),
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('delete.title')}
      loading={remove.isPending}
      cancelButton={{ onClick: onClose, label: t('form.cancel') }}
      actionButton={{ onClick: () => remove.mutate(), label: t('delete.confirm'), color: 'error' }}
    >
      <Typography>{t('delete.body', { name: jobLabel(job) })}</Typography>
    </AppDialog>
  );
}

/** What is tied to this job, drawn (/reports/graph?job=…; the graph draws active jobs). */
function GraphLink({ id }: { id: number }) {
  const { t } = useTranslation('people-report');
  return (
    <ButtonLink to="/reports/graph" search={{ job: id }} variant="outlined" startIcon={<AccountTreeIcon />}>
      {t('graph.fromJob')}
    </ButtonLink>
  );
}
