import { summarizeCard } from '@groundwork/core/timecards-summary';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import { Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { formatHours } from '../lib/hours';
import type { CardModel } from './card-model';

/** Total, regular and overtime (over 40 h a week), week by week, and hours per job and per cost code. */
export const TotalsPanel = memo(function TotalsPanel({ model }: { model: CardModel }) {
  const { t, i18n } = useTranslation('timecards');
  const summary = useMemo(() => summarizeCard(model.entries, model.period), [model.entries, model.period]);
  const fmt = (hours: number) => formatHours(hours, i18n.language);
  const byName = (map: Map<number, number>, name: (id: number) => string) =>
    [...map].map(([id, hours]) => ({ id, name: name(id), hours })).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack spacing={2} component="section" aria-labelledby="timecard-totals-heading">
      <Typography id="timecard-totals-heading" variant="h6" component="h2">
        {t('totals.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip label={t('totals.totalHours', { hours: fmt(summary.total) })} data-testid="total-hours" sx={{ fontWeight: 600 }} />
        <Chip label={t('totals.regularHours', { hours: fmt(summary.regular) })} variant="outlined" data-testid="regular-hours" />
        {/* Neutral colours keep the text readable (the status colours are fills, too light for text); an icon marks overtime. */}
        <Chip
          label={t('totals.overtimeHours', { hours: fmt(summary.overtime) })}
          variant="outlined"
          icon={summary.overtime > 0 ? <MoreTimeIcon /> : undefined}
          sx={summary.overtime > 0 ? { fontWeight: 600, borderWidth: 2 } : undefined}
          data-testid="overtime-hours"
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <SmallTable
          caption={t('totals.byWeek')}
          first={t('totals.week')}
          testId="totals-by-week"
          rows={summary.weeks.map((w) => ({
            key: w.start,
            name: t('totals.weekOf', { date: formatDay(w.start, i18n.language) }),
            value: w.overtime > 0 ? t('totals.weekWithOvertime', { hours: fmt(w.hours), overtime: fmt(w.overtime) }) : fmt(w.hours),
          }))}
        />
        <SmallTable
          caption={t('totals.byJob')}
          first={t('entry.job')}
          testId="totals-by-job"
          rows={byName(summary.byJob, model.jobName).map((r) => ({ key: String(r.id), name: r.name, value: fmt(r.hours) }))}
        />
        <SmallTable
          caption={t('totals.byCostcode')}
          first={t('entry.costcode')}
          testId="totals-by-costcode"
          rows={byName(summary.byCostcode, model.codeName).map((r) => ({ key: String(r.id), name: r.name, value: fmt(r.hours) }))}
        />
      </Box>
    </Stack>
  );
});

interface SmallTableProps {
  caption: string;
  first: string;
  testId: string;
  rows: { key: string; name: string; value: string }[];
}

function SmallTable({ caption, first, testId, rows }: SmallTableProps) {
  const { t } = useTranslation('timecards');
  return (
    <Paper variant="outlined">
      <Table size="small" data-testid={testId}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px', fontWeight: 600 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{first}</TableCell>
            <TableCell scope="col" align="right">
              {t('totals.hours')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={2}>{t('totals.none')}</TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                <TableCell align="right">{r.value}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
