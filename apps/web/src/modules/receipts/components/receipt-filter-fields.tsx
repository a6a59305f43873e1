import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import type { ReceiptFilters, StatusFilter } from '../lib/filters';
import type { ReceiptLookups } from './use-receipt-lookups';

interface ReceiptFilterFieldsProps {
  filters: ReceiptFilters;
  onChange: (patch: Partial<ReceiptFilters>) => void;
  lookups: ReceiptLookups;
  /** row: the desktop's bar of small fields; column: full-width fields stacked (the phone's sheet). */
  layout: 'row' | 'column';
}

/** The admin list's filters (person, job, from, to, status): the desktop's bar and the phone's sheet both use these. */
export function ReceiptFilterFields({ filters, onChange, lookups, layout }: ReceiptFilterFieldsProps) {
  const { t } = useTranslation('receipts');
  const row = layout === 'row';
  const size = row ? 'small' : 'medium';
  const width = (px: number) => (row ? { width: px } : { width: '100%' });
  const people = lookups.people;
  return (
    <Stack
      direction={row ? 'row' : 'column'}
      spacing={row ? 1.5 : 2}
      useFlexGap
      sx={row ? { flexWrap: 'wrap', alignItems: 'center' } : { pt: 1 }}
      role="search"
      aria-label={t('filters.label')}
    >
      <Autocomplete
        size={size}
        options={people}
        value={people.find((p) => p.id === filters.employees_id) ?? null}
        onChange={(_e, next) => onChange({ employees_id: next?.id })}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('filters.person')} />}
        sx={width(220)}
      />
      <Autocomplete
        size={size}
        options={lookups.jobs}
        value={lookups.jobs.find((j) => j.id === filters.jobs_id) ?? null}
        onChange={(_e, next) => onChange({ jobs_id: next?.id })}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('filters.job')} />}
        sx={width(320)}
      />
      <Stack direction="row" spacing={row ? 1.5 : 2} useFlexGap sx={row ? undefined : { width: '100%' }}>
        <DateField
          size={size}
          label={t('filters.from')}
          value={filters.from ?? ''}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
          sx={row ? { width: 160 } : { flex: 1, minWidth: 0 }}
        />
        <DateField
          size={size}
          label={t('filters.to')}
          value={filters.to ?? ''}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
          sx={row ? { width: 160 } : { flex: 1, minWidth: 0 }}
        />
      </Stack>
      <TextField
        size={size}
        select
        label={t('filters.status')}
        value={filters.status}
        onChange={(e) => onChange({ status: e.target.value as StatusFilter })}
        sx={width(140)}
      >
        <MenuItem value="active">{t('status.active')}</MenuItem>
        <MenuItem value="archived">{t('status.archived')}</MenuItem>
      </TextField>
    </Stack>
  );
}
