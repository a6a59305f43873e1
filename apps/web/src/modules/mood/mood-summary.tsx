import { MIN_GROUP, MOOD_GROUPINGS, type MoodGrouping } from '@groundwork/core/mood';
import {
  Alert,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { localToday } from '../../lib/dates';
import * as api from './api';

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** People admins: the check-ins as aggregates only, by day, job or department; small groups are withheld. */
export function MoodSummary({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const byLabel = useId();
  const [by, setBy] = useState<MoodGrouping>('day');
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(localToday());
  const rows = useQuery({
    queryKey: ['mood', tenant, 'summary', by, from, to],
    queryFn: () => api.moodSummary({ tenant_uuid: tenant, from, to, by }),
    enabled: Boolean(from && to && from <= to),
  });
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('moodSummary.privacy', { min: MIN_GROUP })}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id={byLabel}>{t('moodSummary.by')}</InputLabel>
          <Select labelId={byLabel} label={t('moodSummary.by')} value={by} onChange={(e) => setBy(e.target.value as MoodGrouping)}>
            {MOOD_GROUPINGS.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`moodSummary.groupings.${g}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <DateField label={t('moodSummary.from')} value={from} onChange={(e) => setFrom(e.target.value)} />
        <DateField label={t('moodSummary.to')} value={to} onChange={(e) => setTo(e.target.value)} />
      </Stack>
      {rows.isPending && rows.fetchStatus !== 'idle' && <CircularProgress aria-label={t('loading')} />}
      {rows.isError && <Alert severity="error">{t('moodSummary.fetchError')}</Alert>}
      {rows.data && rows.data.length === 0 && <Alert severity="info">{t('moodSummary.empty')}</Alert>}
      {rows.data && rows.data.length > 0 && (
        <Table size="small" aria-label={t('moodSummary.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`moodSummary.groupings.${by}`)}</TableCell>
              <TableCell align="right">{t('moodSummary.people')}</TableCell>
              <TableCell align="right">{t('moodSummary.average')}</TableCell>
              <TableCell align="right">{t('moodSummary.hurt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.map((g) => (
              <TableRow key={g.key}>
                <TableCell>{g.key || t('moodSummary.none')}</TableCell>
                {g.suppressed ? (
                  <TableCell colSpan={3} align="right">
                    {t('moodSummary.suppressed', { min: MIN_GROUP })}
                  </TableCell>
                ) : (
                  <>
                    <TableCell align="right">{g.people}</TableCell>
                    <TableCell align="right">{g.average?.toFixed(2)}</TableCell>
                    <TableCell align="right">{g.hurt}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
