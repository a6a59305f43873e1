import { rowKey, summarizeCard } from '@groundwork/core/timecards-summary';
import { InputBase, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { type KeyboardEvent, memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { formatDayLong, formatDayShort, isWeekend } from '../lib/dates';
import { formatHours, hoursInputValue, parseHours } from '../lib/hours';
import { type CardModel, dayLines, useSaveDay } from './card-model';

interface GridRow {
  key: string;
  jobs_id: number;
  costcodes_id: number;
}

/** Desktop: rows are job + cost code, columns the period's days; each cell is that line's hours, editable in place. */
export const TimecardGrid = memo(function TimecardGrid({ model }: { model: CardModel }) {
  const { t, i18n } = useTranslation('timecards');
  const summary = useMemo(() => summarizeCard(model.entries, model.period), [model.entries, model.period]);
  const rows = useMemo(() => {
    const seen = new Map<string, GridRow>();
    for (const e of model.entries) {
      const key = rowKey(e.jobs_id, e.costcodes_id);
      if (!seen.has(key)) seen.set(key, { key, jobs_id: e.jobs_id, costcodes_id: e.costcodes_id });
    }
    return [...seen.values()].sort(
      (a, b) =>
        model.jobName(a.jobs_id).localeCompare(model.jobName(b.jobs_id)) ||
        model.codeName(a.costcodes_id).localeCompare(model.codeName(b.costcodes_id)),
    );
  }, [model]);
  const cellHours = useMemo(() => {
    const map = new Map<string, number>();
    for (const e of model.entries) {
      const key = `${rowKey(e.jobs_id, e.costcodes_id)}|${e.timecard_date}`;
      map.set(key, (map.get(key) ?? 0) + e.hours);
    }
    return map;
  }, [model.entries]);
  const fmt = (hours: number) => formatHours(hours, i18n.language);

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {model.editable ? t('grid.emptyEditable') : t('grid.empty')}
      </Typography>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('grid.label')} data-testid="timecard-grid">
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ minWidth: 220 }}>
              {t('grid.line')}
            </TableCell>
            {model.dates.map((d) => (
              <TableCell
                key={d}
                scope="col"
                align="center"
                sx={{ px: 0.5, whiteSpace: 'nowrap', bgcolor: isWeekend(d) ? 'action.hover' : undefined }}
              >
                <abbr title={formatDayLong(d, i18n.language)} style={{ textDecoration: 'none' }}>
                  {formatDayShort(d, i18n.language)}
                </abbr>
              </TableCell>
            ))}
            <TableCell scope="col" align="right">
              {t('totals.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid="timecard-grid-row">
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {model.jobName(row.jobs_id)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {model.codeName(row.costcodes_id)}
                </Typography>
              </TableCell>
              {model.dates.map((d) => (
                <TableCell key={d} align="center" sx={{ px: 0.5, bgcolor: isWeekend(d) ? 'action.hover' : undefined }}>
                  <HoursCell model={model} row={row} date={d} hours={cellHours.get(`${row.key}|${d}`) ?? 0} />
                </TableCell>
              ))}
              <TableCell align="right" data-testid="row-total">
                {fmt(summary.byRow.get(row.key) ?? 0)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row">
              {t('totals.day')}
            </TableCell>
            {model.dates.map((d) => (
              <TableCell key={d} align="center" sx={{ px: 0.5 }} data-testid={`day-total-${d}`}>
                {summary.byDay.get(d) ? fmt(summary.byDay.get(d) ?? 0) : '–'}
              </TableCell>
            ))}
            <TableCell align="right" data-testid="grid-total">
              {fmt(summary.total)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
});

interface HoursCellProps {
  model: CardModel;
  row: GridRow;
  date: string;
  hours: number;
}

function HoursCell({ model, row, date, hours }: HoursCellProps) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const save = useSaveDay(model);
  const [draft, setDraft] = useState(hoursInputValue(hours));
  useEffect(() => setDraft(hoursInputValue(hours)), [hours]);
  const label = t('grid.cellLabel', {
    job: model.jobName(row.jobs_id),
    costcode: model.codeName(row.costcodes_id),
    day: formatDayLong(date, i18n.language),
  });

  // Read only: the column and row headers name the cell.
  if (!model.editable) return hours ? formatHours(hours, i18n.language) : '';

  const commit = () => {
    if (draft === hoursInputValue(hours)) return;
    const parsed = parseHours(draft, model.increment);
    if (!parsed.ok) {
      snackbar.show({ color: 'error', message: t(`entry.hours_${parsed.reason}`, { minutes: model.increment }) });
      setDraft(hoursInputValue(hours));
      return;
    }
    if (parsed.hours === hours) {
      setDraft(hoursInputValue(hours));
      return;
    }
    const same = (e: { jobs_id: number; costcodes_id: number }) => e.jobs_id === row.jobs_id && e.costcodes_id === row.costcodes_id;
    const day = model.entries.filter((e) => e.timecard_date === date);
    const kept = dayLines(
      day.filter((e) => !same(e)),
      date,
    );
    // Several lines on one job and cost code in a day become one when the cell is edited; the first line's note stays.
    const first = day.find(same);
    const lines = parsed.hours
      ? [
          ...kept,
          {
            jobs_id: row.jobs_id,
            costcodes_id: row.costcodes_id,
            hours: parsed.hours,
            note: first?.note ?? null,
            equipment: (first?.equipment as string[] | null) ?? null,
          },
        ]
      : kept;
    save.mutate({ date, lines }, { onError: () => setDraft(hoursInputValue(hours)) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
    if (event.key === 'Escape') {
      setDraft(hoursInputValue(hours));
      (event.target as HTMLInputElement).blur();
    }
  };

  return (
    <InputBase
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      disabled={save.isPending}
      inputProps={{ 'aria-label': label, inputMode: 'decimal', autoComplete: 'off', 'data-date': date }}
      sx={{
        width: 52,
        '& input': { textAlign: 'center', py: 0.5, borderRadius: 1, border: 1, borderColor: 'divider' },
        '& input:focus': { borderColor: 'primary.main', outline: 'none' },
      }}
    />
  );
}
