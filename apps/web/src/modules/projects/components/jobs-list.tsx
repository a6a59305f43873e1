import { jobLabel } from '@groundwork/core/names';
import { Box, Card, CardActionArea, CardContent, Chip, Link, Stack, Typography, useMediaQuery } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField, StatusSelect } from '../../../components/search-field';
import { formatDay } from '../../../lib/dates';
import type { Job } from '../api/queries';
import { matchesJob, type StatusFilter, statusKey } from './job-format';

const MOBILE_QUERY = '(max-width: 599.95px)';

interface JobsListProps {
  jobs: readonly Job[];
  loading: boolean;
  onSelect: (id: number) => void;
}

export function JobsList({ jobs, loading, onSelect }: JobsListProps) {
  const { t, i18n } = useTranslation('projects');
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('active');
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const rows = useMemo(() => jobs.filter((job) => matchesJob(job, text, status)), [jobs, text, status]);

  const columns = useMemo<GridColDef<Job>[]>(
    () => [
      { field: 'job_abbr', headerName: t('fields.job_abbr'), width: 140, valueGetter: (value) => value ?? '' },
      {
        field: 'job',
        headerName: t('fields.job'),
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => onSelect(row.id)} sx={{ textAlign: 'left' }}>
            {row.job}
          </Link>
        ),
      },
      { field: 'customer', headerName: t('fields.customer'), width: 180, valueGetter: (value) => value ?? '' },
      {
        field: 'start_date',
        headerName: t('fields.start_date'),
        width: 130,
        valueFormatter: (value: string | null) => formatDay(value, i18n.language, '—'),
      },
      {
        field: 'end_date',
        headerName: t('fields.end_date'),
        width: 130,
        valueFormatter: (value: string | null) => formatDay(value, i18n.language, '—'),
      },
      { field: 'status', headerName: t('fields.status'), width: 120, valueFormatter: (value: number) => t(statusKey(value)) },
    ],
    [t, i18n.language, onSelect],
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField label={t('list.search')} value={text} onChange={setText} />
        <StatusSelect<StatusFilter>
          label={t('list.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'active', label: t('list.statusActive') },
            { value: 'complete', label: t('list.statusComplete') },
            { value: 'all', label: t('list.statusAll') },
          ]}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status">
        {t('list.count', { count: rows.length })}
      </Typography>
      {mobile ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.label')}>
          {rows.map((job) => (
            <Box component="li" key={job.id}>
              <Card variant="outlined">
                <CardActionArea onClick={() => onSelect(job.id)}>
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                      <Typography variant="subtitle1" component="h3">
                        {jobLabel(job)}
                      </Typography>
                      <Chip size="small" label={t(statusKey(job.status))} />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {formatDay(job.start_date, i18n.language, '—')} – {formatDay(job.end_date, i18n.language, '—')}
                    </Typography>
                    {job.customer && <Typography variant="body2">{job.customer}</Typography>}
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
          {!loading && rows.length === 0 && <Typography component="li">{t('list.empty')}</Typography>}
        </Stack>
      ) : (
        <DataGrid
          aria-label={t('list.label')}
          rows={rows}
          columns={columns}
          loading={loading}
          autoHeight
          disableRowSelectionOnClick
          // No eval: the Content-Security-Policy forbids it (filters run without the compiled fast path).
          disableEval
          onRowClick={({ row }) => onSelect(row.id)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') onSelect(row.id);
          }}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          localeText={{
            ...(i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
            noRowsLabel: t('list.empty'),
          }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      )}
    </Stack>
  );
}
