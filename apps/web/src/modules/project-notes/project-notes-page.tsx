import { formatHours, manpowerHours } from '@groundwork/core/project-notes';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Autocomplete, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { CARD_COLUMNS, CardGrid, CardItem, EmptyState, PagedList } from '../../components/list-states';
import { ArchiveTabs, CreateFab, FilterRow, PageHeader } from '../../components/page-header';
import { TenantGate } from '../../components/tenant-gate';
import { useDesktop } from '../../components/use-desktop';
import { usePagedList } from '../../components/use-paged-list';
import { fetchReportJobs, fetchReports, manpowerOf, type Report, type ReportFilters, reportKeys } from './api';
import { recentMonths, reportDay, reportMonth } from './report-day';
import { ReportDialog } from './report-dialog';

/** /modules/project-notes: daily reports by job and day. project_notes_basic writes their own; admins see all. */
export function ProjectNotesPage() {
  const { t } = useTranslation('project-notes');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <Reports tenant={tenant} />}</TenantGate>;
}

function Reports({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('project-notes');
  const desktop = useDesktop();
  const admin = useCan('project_notes', 'write');
  const canCreate = useCan('project_notes', 'create');
  const [filters, setFilters] = useState<ReportFilters>({ jobs_id: null, month: '', active: true });
  const [open, setOpen] = useState<{ report: Report | null } | null>(null);
  const jobs = useQuery({ queryKey: reportKeys.jobs(tenant), queryFn: () => fetchReportJobs(tenant), staleTime: 5 * 60_000 });
  const { pages, items: reports } = usePagedList({
    queryKey: reportKeys.list(tenant, filters),
    fetchPage: (next) => fetchReports(tenant, filters, next),
    errorMessage: t('messages.fetchError'),
  });
  const jobList = jobs.data ?? [];
  const day = (d: string) => reportDay(d, i18n.language);
  const recent = recentMonths(new Date());
  const months = filters.month && !recent.includes(filters.month) ? [filters.month, ...recent] : recent;
  const filtered = filters.jobs_id !== null || filters.month !== '';

  return (
    <Stack spacing={2} sx={{ pb: desktop ? 0 : 10 }}>
      <PageHeader title={admin ? t('title') : t('mine')}>
        {desktop && canCreate && (
          <Button variant="contained" startIcon={<NoteAddIcon />} onClick={() => setOpen({ report: null })}>
            {t('new')}
          </Button>
        )}
      </PageHeader>
      <FilterRow>
        <ArchiveTabs
          active={filters.active}
          onChange={(active) => setFilters((f) => ({ ...f, active }))}
          label={t('title')}
          activeLabel={t('active')}
          archivedLabel={t('archived')}
        />
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
        {/* A list of months, not the browser's month input: that one shows "--------- ----" while empty, and none at all
            in some browsers. Empty is "All months", in words. */}
        <TextField
          select
          size="small"
          label={t('month')}
          value={filters.month}
          onChange={(e) => setFilters((f) => ({ ...f, month: e.target.value }))}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('allMonths')}</MenuItem>
          {months.map((m) => (
            <MenuItem key={m} value={m}>
              {reportMonth(m, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
      </FilterRow>
      <PagedList
        pages={pages}
        count={reports.length}
        texts={{ error: t('messages.fetchError'), retry: t('retry'), loading: t('loading'), loadMore: t('loadMore') }}
        rowHeight={96}
        empty={
          <EmptyState
            icon={EventNoteIcon}
            title={filtered ? t('emptyFiltered') : t('emptyTitle')}
            body={filtered ? undefined : t('emptyBody')}
          />
        }
      >
        <CardGrid label={t('label')} columns={CARD_COLUMNS}>
          {reports.map((r) => {
            const crew = manpowerOf(r);
            return (
              <CardItem key={r.id} onOpen={() => setOpen({ report: r })} fullHeight contentSx={{ display: 'grid', gap: 0.5 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {r.job_label}
                </Typography>
                <Typography variant="body2">{day(r.for_date)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    crew.length ? t('crew', { people: crew.length, hours: formatHours(manpowerHours(crew)).replace(' h', '') }) : null,
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
                  {r.sent_on ? <Chip size="small" label={t('sent')} /> : <Chip size="small" variant="outlined" label={t('notSent')} />}
                  {r.revised && <Chip size="small" color="warning" label={t('revised')} />}
                  {r.photos.length > 0 && <Chip size="small" variant="outlined" icon={<PhotoCameraIcon />} label={r.photos.length} />}
                </Stack>
              </CardItem>
            );
          })}
        </CardGrid>
      </PagedList>
      {!desktop && canCreate && <CreateFab icon={NoteAddIcon} label={t('new')} onClick={() => setOpen({ report: null })} />}
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
