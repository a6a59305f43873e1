import { personName } from '@groundwork/core/names';
import type { PayPeriod } from '@groundwork/core/pay-periods';
import { summarizeCard } from '@groundwork/core/timecards-summary';
import { Box, Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimecardInfo } from '../api/queries';
import { formatHours } from '../lib/hours';

interface PeriodOverviewProps {
  period: PayPeriod;
  all: TimecardInfo;
  selected: number;
  onOpen: (employeeId: number) => void;
}

/** Admins: everyone with time in the pay period, their hours, overtime and whether they signed; a row opens the card. */
export const PeriodOverview = memo(function PeriodOverview({ period, all, selected, onOpen }: PeriodOverviewProps) {
  const { t, i18n } = useTranslation('timecards');
  const rows = useMemo(() => {
    const byPerson = new Map<number, TimecardInfo['timecard_entries_collection']>();
    for (const e of all.timecard_entries_collection) byPerson.set(e.employees_id, [...(byPerson.get(e.employees_id) ?? []), e]);
    const people = new Map(all.people.map((p) => [p.id, p]));
    return [...byPerson]
      .map(([id, entries]) => {
        const person = people.get(id);
        const summary = summarizeCard(entries, period);
        const card = all.timecard_collection.find((c) => c.employees_id === id && c.payperiod_start_date === period.start);
        return { id, name: person ? personName(person) : `#${id}`, ...summary, signed: Boolean(card?.signed_on) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [all, period]);
  const fmt = (hours: number) => formatHours(hours, i18n.language);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="period-overview-heading">
      <Typography id="period-overview-heading" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {t('overview.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {t('overview.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="period-overview">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('overview.person')}</TableCell>
                <TableCell scope="col" align="right">
                  {t('totals.hours')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {t('overview.overtime')}
                </TableCell>
                <TableCell scope="col">{t('overview.status')}</TableCell>
                <TableCell scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    {t('overview.open')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} selected={r.id === selected}>
                  <TableCell component="th" scope="row">
                    {r.name}
                  </TableCell>
                  <TableCell align="right">{fmt(r.total)}</TableCell>
                  <TableCell align="right">{fmt(r.overtime)}</TableCell>
                  <TableCell>{r.signed ? t('overview.signed') : t('overview.notSigned')}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => onOpen(r.id)} aria-label={t('overview.openCard', { name: r.name })}>
                      {t('overview.open')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
});

// Read by screen readers, not shown: the column of Open buttons needs a header.
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
