import { formatHours, manpowerHours } from '@groundwork/core/project-notes';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Fab,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { LoadingRows, LoadMoreButton } from '../../components/list-states';
import { RetryAlert } from '../../components/retry-alert';
import { useTenant } from '../../lib/storage';
import { useSnackbar } from '../../shell/snackbar';
import { fetchReportJobs, fetchReports, manpowerOf, type Report, type ReportFilters, reportKeys } from './api';
import { ReportDialog } from './report-dialog';

/** /modules/project-notes: daily reports by job and day. project_notes_basic writes their own; admins see all. */
export function ProjectNotesPage() {
  const { t } = useTranslation('project-notes');
  const tenant = useTenant();
  if (!tenant) return <Alert severity="info">{t('noTenant')}</Alert>;
  return <Reports tenant={tenant} />;
}

function Reports({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('project-notes');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const admin = useCan('project_notes', 'write');
  const canCreate = useCan('project_notes', 'create');
  const [filters, setFilters] = useState<ReportFilters>({ jobs_id: null, month: '', active: true });
  const [open, setOpen] = useState<{ report: Report | null } | null>(null);
  const jobs = useQuery({ queryKey: reportKeys.jobs(tenant), queryFn: () => fetchReportJobs(tenant), staleTime: 5 * 60_000 });
  const pages = useInfiniteQuery({
    queryKey: reportKeys.list(tenant, filters),
    queryFn: ({ pageParam }) => fetchReports(tenant, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: t('messages.fetchError') });
  }, [pages.isError, snackbar, t]);
  const reports = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const jobList = jobs.data ?? [];
  const day = (d: string) =>
    new Date(`${d}T12:00:00`).toLocaleDateString(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const filtered = filters.jobs_id !== null || filters.month !== '';

  return (
    <Stack spacing={2} sx={{ pb: desktop ? 0 : 10 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {admin ? t('title') : t('mine')}
        </Typography>
        {desktop && canCreate && (
          <Button variant="contained" startIcon={<NoteAddIcon />} onClick={() => setOpen({ report: null })}>
            {t('new')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Tabs
          value={filters.active ? 'active' : 'archived'}
          onChange={(_e, v) => setFilters((f) => ({ ...f, active: v === 'active' }))}
          aria-label={t('title')}
        >
          <Tab value="active" label={t('active')} />
          <Tab value="archived" label={t('archived')} />
        </Tabs>
        <Autocomplete
          size="small"
          options={jobList}
          value={jobList.find((j) => j.id === filters.jobs_id) ?? null}
          onChange={(_e, v) => setFilters((f) => ({ ...f, jobs_id: v?.id ?? null }))}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          sx={{ minWidth: 260 }}
          renderInput={(params) => <TextField {...params} label={t('job')} placeholder={t('allJobs')} />}
        />
        <TextField
          type="month"
          size="small"
          label={t('month')}
          value={filters.month}
          onChange={(e) => setFilters((f) => ({ ...f, month: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {pages.isError && reports.length === 0 ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void pages.refetch()}>
          {t('messages.fetchError')}
        </RetryAlert>
      ) : pages.isPending ? (
        <LoadingRows label={t('loading')} height={96} />
      ) : reports.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <EventNoteIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="p">
            {filtered ? t('emptyFiltered') : t('emptyTitle')}
          </Typography>
          {!filtered && (
            <Typography variant="body2" color="text.secondary">
              {t('emptyBody')}
            </Typography>
          )}
        </Stack>
      ) : (
        <Box
          component="ul"
          aria-label={t('label')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
          }}
        >
          {reports.map((r) => {
            const crew = manpowerOf(r);
            return (
              <Box component="li" key={r.id}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea onClick={() => setOpen({ report: r })} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {r.job_label}
                      </Typography>
                      <Typography variant="body2">{day(r.for_date)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[
                          crew.length
                            ? t('crew', { people: crew.length, hours: formatHours(manpowerHours(crew)).replace(' h', '') })
                            : null,
                          admin && r.employee_name ? t('by', { name: r.employee_name }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                      {r.work_performed && (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            display: '-webkit-box',
                            WebkitLineClamp: 2,
                            WebkitBoxOrient: 'vertical',
                          }}
                        >
                          {r.work_performed}
                        </Typography>
                      )}
                      <Stack direction="row" spacing={0.75} sx={{ pt: 0.5 }}>
                        {r.status !== 1 && <Chip size="small" label={t('archivedChip')} />}
                        {r.sent_on ? (
                          <Chip size="small" label={t('sent')} />
                        ) : (
                          <Chip size="small" variant="outlined" label={t('notSent')} />
                        )}
                        {r.revised && <Chip size="small" color="warning" label={t('revised')} />}
                        {r.photos.length > 0 && <Chip size="small" variant="outlined" icon={<PhotoCameraIcon />} label={r.photos.length} />}
                      </Stack>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      )}
      {pages.hasNextPage && (
        <LoadMoreButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('loadMore')}
        </LoadMoreButton>
      )}
      {!desktop && canCreate && (
        <Fab
          variant="extended"
          color="primary"
          onClick={() => setOpen({ report: null })}
          sx={{ position: 'fixed', right: 16, bottom: 'calc(16px + env(safe-area-inset-bottom))', zIndex: 'speedDial' }}
        >
          <NoteAddIcon sx={{ mr: 1 }} />
          {t('new')}
        </Fab>
      )}
      {open && (
        <ReportDialog
          key={open.report?.id ?? 'new'}
          tenant={tenant}
          report={open.report}
          jobs={jobList}
          defaultJob={filters.jobs_id}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
