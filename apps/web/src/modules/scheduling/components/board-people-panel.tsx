import { useDraggable } from '@dnd-kit/core';
import GroupsIcon from '@mui/icons-material/Groups';
import { Box, FormControl, IconButton, InputLabel, MenuItem, Paper, Select, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TAP_TARGET } from '../../../shell/theme';
import type { BoardPerson } from '../api/scheduling';
import { type DragData, draggingSx } from '../lib/board-dnd';
import { dayLabel } from '../lib/labels';
import type { Chip } from '../lib/staging';

/** The board's people panel: who is unscheduled on the chosen day (or everyone), each draggable onto a cell. */
export function PeoplePanel({
  days,
  focusDay,
  showAll,
  onChooseDay,
  people,
  timeOff,
  canWrite,
  onPlace,
}: {
  days: string[];
  focusDay: string;
  showAll: boolean;
  onChooseDay: (value: string) => void;
  people: BoardPerson[];
  timeOff: Chip[];
  canWrite: boolean;
  onPlace: (person: BoardPerson) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="schedule-people"
      sx={{ width: 220, flexShrink: 0, p: 1.5, position: 'sticky', top: 72, alignSelf: 'flex-start' }}
    >
      <Typography id="schedule-people" variant="subtitle1" component="h2">
        {t('board.people')}
      </Typography>
      <FormControl size="small" fullWidth sx={{ my: 1 }}>
        <InputLabel id="schedule-focus-day">{t('board.unscheduledOn')}</InputLabel>
        <Select
          labelId="schedule-focus-day"
          label={t('board.unscheduledOn')}
          value={showAll ? 'all' : focusDay}
          onChange={(e) => onChooseDay(e.target.value)}
        >
          {days.map((d) => (
            <MenuItem key={d} value={d}>
              {dayLabel(d, i18n.language)}
            </MenuItem>
          ))}
          <MenuItem value="all">{t('board.everyone')}</MenuItem>
        </Select>
      </FormControl>
      {!showAll && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('board.unscheduledCount', { count: people.length })}
        </Typography>
      )}
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 'calc(100vh - 280px)', overflow: 'auto' }}>
        {people.map((p) => {
          const off = timeOff.find((c) => c.employees_id === p.id && c.date === focusDay);
          return (
            <li key={p.id}>
              <PersonCard
                person={p}
                disabled={!canWrite}
                note={off ? t('board.timeOff', { type: off.event_type }) : p.trades.join(', ')}
                onPlace={() => onPlace(p)}
                placeLabel={t('board.assign', { name: p.name })}
              />
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}

function PersonCard({
  person,
  note,
  disabled,
  onPlace,
  placeLabel,
}: {
  person: BoardPerson;
  note: string;
  disabled: boolean;
  onPlace: () => void;
  placeLabel: string;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `person:${person.id}`,
    data: { kind: 'person', person } satisfies DragData,
    disabled,
  });
  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'center',
        px: 1,
        py: 0.5,
        ...draggingSx(transform, isDragging),
      }}
    >
      <Box
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        data-testid={`person-${person.id}`}
        sx={{
          flex: 1,
          cursor: disabled ? 'default' : 'grab',
          touchAction: 'none',
          minWidth: 0,
          // Gloves (issue 46): a 44 px tall handle on a phone.
          minHeight: { xs: TAP_TARGET, sm: 0 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Typography variant="body2" noWrap>
          {person.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {note}
        </Typography>
      </Box>
      {!disabled && (
        <IconButton size="small" aria-label={placeLabel} onClick={onPlace}>
          <GroupsIcon fontSize="inherit" />
        </IconButton>
      )}
    </Paper>
  );
}
