import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, LinearProgress, Stack, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { RetryAlert } from '../../../components/retry-alert';
import { TenantGate } from '../../../components/tenant-gate';
import { useSearchChange } from '../../../lib/search-change';
import { useSnackbar } from '../../../shell/snackbar';
import { jobsQueryOptions } from '../api/queries';
import type { ProjectsSearch } from '../search';
import { asDetailTab, type DetailTab, JobDetailView } from './job-detail';
import { JobFormDialog } from './job-form-dialog';
import { JobsGantt } from './jobs-gantt';
import { JobsList } from './jobs-list';

interface ProjectsViewProps {
  /** /admin/projects: the create, edit and delete controls, for people allowed to use them. */
  admin: boolean;
}

export function ProjectsView({ admin }: ProjectsViewProps) {
  const { t } = useTranslation('projects');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantProjects tenant={tenant} admin={admin} />}</TenantGate>;
}

function TenantProjects({ tenant, admin }: { tenant: string; admin: boolean }) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const canEdit = useCan('projects', 'write');
  const editable = admin && canEdit;
  const search = useSearch({ strict: false }) as ProjectsSearch;
  const jobs = useQuery(jobsQueryOptions(tenant));
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (jobs.isError) snackbar.show({ color: 'error', message: t('messages.fetchFailed') });
  }, [jobs.isError, snackbar, t]);

  // Each query key changes on its own; the others are kept (spec §2).
  const setSearch = useSearchChange<ProjectsSearch>();
  const select = useCallback((id: number) => setSearch({ id, tab: undefined }), [setSearch]);

  if (search.id) {
    return (
      <JobDetailView
        key={search.id}
        tenant={tenant}
        id={search.id}
        tab={asDetailTab(search.tab)}
        editable={editable}
        onTabChange={(tab: DetailTab) => setSearch({ tab: tab === 'details' ? undefined : tab })}
        onBack={() => setSearch({ id: undefined, tab: undefined })}
      />
    );
  }

  const overview = search.tab === 'timeline' ? 'timeline' : 'jobs';
  return (
    <Stack spacing={2}>
      {admin && !canEdit && <Alert severity="info">{t('readOnly')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs
          value={overview}
          onChange={(_event, next: string) => setSearch({ tab: next === 'jobs' ? undefined : next })}
          aria-label={t('list.viewLabel')}
          sx={{ flexGrow: 1 }}
        >
          <Tab value="jobs" label={t('list.jobsTab')} />
          <Tab value="timeline" label={t('list.timelineTab')} />
        </Tabs>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('list.newJob')}
          </Button>
        )}
      </Stack>
      {jobs.isError && (
        <RetryAlert retryLabel={t('list.retry')} onRetry={() => void jobs.refetch()}>
          {t('messages.fetchFailed')}
        </RetryAlert>
      )}
      {overview === 'jobs' ? (
        <JobsList jobs={jobs.data ?? []} loading={jobs.isPending} onSelect={select} />
      ) : jobs.isPending ? (
        <LinearProgress aria-label={t('list.loading')} />
      ) : (
        <JobsGantt tenant={tenant} jobs={jobs.data ?? []} editable={editable} onSelect={select} label={t('timeline.title')} />
      )}
      {creating && <JobFormDialog tenant={tenant} open job={null} onClose={() => setCreating(false)} onCreated={select} />}
    </Stack>
  );
}
