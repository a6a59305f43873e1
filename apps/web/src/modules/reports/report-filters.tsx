import { Autocomplete, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { useSnackbar } from '../../shell/snackbar';
import { fetchLookups, type Option } from './api';
import type { ReportKey, ReportsSearch } from './search';

type Key = 'from' | 'to' | 'date' | 'job' | 'costcode' | 'person' | 'department' | 'division' | 'group';

/** The filters that mean something for each report (core REPORT_FILTERS, in the page's query keys). */
const FILTERS: Record<ReportKey, readonly Key[]> = {
  labor_budget: ['job', 'costcode', 'group'],
  hours: ['from', 'to', 'job', 'costcode', 'person', 'department', 'division'],
  timecard_status: ['date', 'person', 'department', 'division'],
  spend: ['from', 'to', 'job', 'costcode'],
  schedule: ['from', 'to', 'job', 'person', 'department', 'division'],
  tools: ['from', 'to', 'job', 'person'],
};

const LISTS = { job: 'jobs', costcode: 'costcodes', person: 'people', department: 'departments', division: 'divisions' } as const;

interface Props {
  tenant: string;
  report: ReportKey;
  search: ReportsSearch;
  /** Hours: the window shown when the query keys name none. */
  defaults: { from?: string; to?: string };
  onChange: (change: Partial<ReportsSearch>) => void;
}

export function ReportFilters({ tenant, report, search, defaults, onChange }: Props) {
  const { t } = useTranslation('reports');
  const snackbar = useSnackbar();
  const lookups = useQuery({ queryKey: ['reports', tenant, 'lookups'], queryFn: () => fetchLookups(tenant), staleTime: 60_000 });
  useEffect(() => {
    if (lookups.isError) snackbar.show({ color: 'error', message: t('messages.lookupsError') });
  }, [lookups.isError, snackbar, t]);
  const keys = FILTERS[report];

  return (
    <Stack component="fieldset" direction="row" sx={{ flexWrap: 'wrap', gap: 2, border: 0, p: 0, m: 0 }} aria-label={t('filters.label')}>
      {keys.map((key) => {
        if (key === 'from' || key === 'to' || key === 'date') {
          return (
            <DateField
              key={key}
              label={t(`filters.${key}`)}
              value={search[key] ?? (key === 'date' ? '' : defaults[key]) ?? ''}
              onChange={(e) => onChange({ [key]: e.target.value || undefined })}
              size="small"
            />
          );
        }
        if (key === 'group') {
          return (
            <TextField
              key={key}
              select
              label={t('filters.group')}
              value={search.group ?? 'job'}
              onChange={(e) => onChange({ group: e.target.value as 'job' | 'costcode' })}
              size="small"
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="job">{t('filters.groupJob')}</MenuItem>
              <MenuItem value="costcode">{t('filters.groupCostcode')}</MenuItem>
            </TextField>
          );
        }
        const options: Option[] = lookups.data?.[LISTS[key]] ?? [];
        const value = options.find((o) => o.id === search[key]) ?? null;
        return (
          <Autocomplete
            key={key}
            options={options}
            value={value}
            loading={lookups.isPending}
            getOptionLabel={(o) => o.label}
            getOptionKey={(o) => o.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, o) => onChange({ [key]: o?.id })}
            renderInput={(params) => <TextField {...params} label={t(`filters.${key}`)} placeholder={t('filters.any')} size="small" />}
            sx={{ minWidth: 220 }}
          />
        );
      })}
      <Button onClick={() => onChange(Object.fromEntries(keys.map((k) => [k, undefined])))}>{t('filters.clear')}</Button>
    </Stack>
  );
}
