import { useDraggable, useDroppable } from '@dnd-kit/core';
import { plannedHours } from '@groundwork/core/scheduling';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import GroupsIcon from '@mui/icons-material/Groups';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TAP_TARGET } from '../../../shell/theme';
import type { BoardJob } from '../api/scheduling';
import { cellId, type DragData, type DropData } from '../lib/board-dnd';
import { dayLabel } from '../lib/labels';
import type { Chip } from '../lib/staging';
import { EntryChip } from './entry-chip';

/** One job's row on the board: its label, planned against budgeted hours, and a drop cell a day. */
export function JobRow({
  job,
  days,
  byCell,
  canWrite,
  name,
  onRemove,
  onMove,
  onCopyCrew,
}: {
  job: BoardJob;
  days: string[];
  byCell: Map<string, Chip[]>;
  canWrite: boolean;
  name: (id: number) => string;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
  onCopyCrew: (crew: Chip[], date: string) => void;
}) {
  const { t } = useTranslation('scheduling');
  const heads = days.reduce((n, d) => n + (byCell.get(cellId(job.id, d))?.length ?? 0), 0);
  const planned = plannedHours(heads);
  const over = job.budgeted_hours > 0 && planned > job.budgeted_hours;
  return (
    <Box component="tr" sx={{ borderTop: 1, borderColor: 'divider', verticalAlign: 'top' }}>
      <Box component="th" scope="row" sx={{ textAlign: 'left', p: 1, fontWeight: 'normal' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {job.label}
        </Typography>
        {job.foremen && (
          <Typography variant="caption" color="text.secondary" component="div">
            {job.foremen}
          </Typography>
        )}
        <Typography variant="caption" component="div" color={over ? 'error' : 'text.secondary'} data-testid={`planned-${job.id}`}>
          {job.budgeted_hours > 0
            ? t('board.plannedVsBudget', { planned, budget: Math.round(job.budgeted_hours) })
            : t('board.noBudget', { planned })}
          {over ? ` (${t('board.overBudget')})` : ''}
        </Typography>
      </Box>
      {days.map((date) => (
        <Cell
          key={date}
          job={job}
          date={date}
          chips={byCell.get(cellId(job.id, date)) ?? []}
          canWrite={canWrite}
          name={name}
          onRemove={onRemove}
          onMove={onMove}
          onCopyCrew={onCopyCrew}
        />
      ))}
    </Box>
  );
}

function Cell({
  job,
  date,
  chips,
  canWrite,
  name,
  onRemove,
  onMove,
  onCopyCrew,
}: {
  job: BoardJob;
  date: string;
  chips: Chip[];
  canWrite: boolean;
  name: (id: number) => string;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
  onCopyCrew: (crew: Chip[], date: string) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const label = `${job.label}, ${dayLabel(date, i18n.language)}`;
  const { setNodeRef, isOver } = useDroppable({ id: cellId(job.id, date), data: { jobs_id: job.id, date, label } satisfies DropData });
  const crew = useDraggable({
    id: `crew:${job.id}:${date}`,
    data: { kind: 'crew', chips, label: t('board.crewOf', { job: job.label, date: dayLabel(date, i18n.language) }) } satisfies DragData,
    disabled: !canWrite || chips.length === 0,
  });
  return (
    <Box
      component="td"
      ref={setNodeRef}
      data-testid={`cell-${job.id}-${date}`}
      aria-label={label}
      sx={{
        p: 0.5,
        minHeight: 56,
        height: 56,
        bgcolor: isOver ? 'action.hover' : undefined,
        outline: isOver ? 2 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <Stack spacing={0.5}>
        {chips.map((chip) => (
          <EntryChip
            key={chip.id}
            chip={chip}
            job={job}
            name={name(chip.employees_id)}
            canWrite={canWrite}
            onRemove={onRemove}
            onMove={onMove}
          />
        ))}
        {canWrite && chips.length > 0 && (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Box
              ref={crew.setNodeRef}
              {...crew.listeners}
              {...crew.attributes}
              aria-label={t('board.crewOf', { job: job.label, date: dayLabel(date, i18n.language) })}
              sx={{
                cursor: 'grab',
                touchAction: 'none',
                display: 'inline-flex',
                // Gloves (issue 46): a 44×44 handle on a phone.
                minWidth: { xs: TAP_TARGET, sm: 0 },
                minHeight: { xs: TAP_TARGET, sm: 0 },
                alignItems: 'center',
                justifyContent: 'center',
                color: 'text.secondary',
                transform: crew.transform ? `translate3d(${crew.transform.x}px, ${crew.transform.y}px, 0)` : undefined,
              }}
            >
              <GroupsIcon fontSize="small" />
            </Box>
            <IconButton size="small" aria-label={`${t('board.copyCrew')}: ${label}`} onClick={() => onCopyCrew(chips, date)}>
              <ContentCopyIcon fontSize="inherit" />
            </IconButton>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
