import { summarizeCard } from '@groundwork/core/timecards-summary';
import AddIcon from '@mui/icons-material/Add';
import { Button, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimecardEntry } from '../api/queries';
import { formatDayLong } from '../lib/dates';
import { formatHours } from '../lib/hours';
import type { CardModel } from './card-model';

interface DayListProps {
  model: CardModel;
  onAdd: (date: string) => void;
  onEdit: (entry: TimecardEntry) => void;
}

/** Phones: the period day by day, each with its lines and total; tapping a line opens it. */
export const DayList = memo(function DayList({ model, onAdd, onEdit }: DayListProps) {
  const { t, i18n } = useTranslation('timecards');
  const summary = useMemo(() => summarizeCard(model.entries, model.period), [model.entries, model.period]);
  const fmt = (hours: number) => formatHours(hours, i18n.language);

  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.label')}>
      {model.dates.map((date) => {
        const entries = model.entries.filter((e) => e.timecard_date === date);
        const dayName = formatDayLong(date, i18n.language);
        return (
          <Paper component="li" key={date} variant="outlined" sx={{ px: 2, py: 1 }} data-testid={`day-${date}`}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {dayName}
              </Typography>
              <Typography
                variant="subtitle2"
                data-testid="day-total"
                aria-label={t('list.dayTotal', { day: dayName, hours: fmt(summary.byDay.get(date) ?? 0) })}
              >
                {t('list.hoursShort', { hours: fmt(summary.byDay.get(date) ?? 0) })}
              </Typography>
            </Stack>
            {entries.length > 0 && (
              <List dense disablePadding>
                {entries.map((e) => {
                  const primary = model.jobName(e.jobs_id);
                  const secondary = [model.codeName(e.costcodes_id), e.note].filter(Boolean).join(' · ');
                  const hours = (
                    <Typography key="hours" variant="body2" sx={{ fontWeight: 600, ml: 1, whiteSpace: 'nowrap', flexShrink: 0 }}>
                      {t('list.hoursShort', { hours: fmt(e.hours) })}
                    </Typography>
                  );
                  return model.editable ? (
                    <ListItem key={e.id} disablePadding>
                      <ListItemButton onClick={() => onEdit(e)} sx={{ px: 1 }}>
                        <ListItemText primary={primary} secondary={secondary} />
                        {hours}
                      </ListItemButton>
                    </ListItem>
                  ) : (
                    <ListItem key={e.id} sx={{ px: 1 }}>
                      <ListItemText primary={primary} secondary={secondary} />
                      {hours}
                    </ListItem>
                  );
                })}
              </List>
            )}
            {model.editable && (
              <Button size="small" startIcon={<AddIcon />} onClick={() => onAdd(date)} aria-label={t('list.addFor', { day: dayName })}>
                {t('list.add')}
              </Button>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
});
