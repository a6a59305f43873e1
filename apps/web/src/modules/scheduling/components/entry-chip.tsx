import { useDraggable } from '@dnd-kit/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOn';
import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TAP_TARGET } from '../../../shell/theme';
import type { BoardJob } from '../api/scheduling';
import { type DragData, draggingSx } from '../lib/board-dnd';
import { dayLabel } from '../lib/labels';
import type { Chip } from '../lib/staging';

/** One planned person in a board cell: drag it to move, Enter or double-click to open the move dialog. */
export function EntryChip({
  chip,
  job,
  name,
  canWrite,
  onRemove,
  onMove,
}: {
  chip: Chip;
  job: BoardJob;
  name: string;
  canWrite: boolean;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `chip:${chip.id}`,
    data: { kind: 'chip', chip } satisfies DragData,
    disabled: !canWrite,
  });
  const status = chip.confirmation_status as 'pending' | 'confirmed' | 'declined';
  const statusText = t(
    status === 'confirmed' ? 'board.statusConfirmed' : status === 'declined' ? 'board.statusDeclined' : 'board.statusPending',
  );
  const icon =
    status === 'confirmed' ? (
      <CheckCircleIcon fontSize="inherit" color="success" />
    ) : status === 'declined' ? (
      <DoNotDisturbIcon fontSize="inherit" color="error" />
    ) : (
      <HourglassIcon fontSize="inherit" color="disabled" />
    );
  return (
    <Paper
      variant="outlined"
      data-testid={`chip-${chip.employees_id}-${chip.jobs_id}-${chip.date}`}
      data-status={status}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 0.5,
        borderStyle: chip.staged ? 'dashed' : 'solid',
        borderColor: chip.staged ? 'primary.main' : undefined,
        ...draggingSx(transform, isDragging),
      }}
    >
      <Box
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        aria-label={`${name}, ${statusText}`}
        title={chip.confirmation_reason ? `${statusText}: ${chip.confirmation_reason}` : statusText}
        onDoubleClick={() => canWrite && onMove(chip)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canWrite) {
            e.preventDefault();
            onMove(chip);
            return;
          }
          listeners?.onKeyDown?.(e);
        }}
        sx={{
          flex: 1,
          minWidth: 0,
          // Gloves (issue 46): a 44 px tall handle on a phone.
          minHeight: { xs: TAP_TARGET, sm: 0 },
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          cursor: canWrite ? 'grab' : 'default',
          touchAction: 'none',
        }}
      >
        {icon}
        <Typography variant="caption" sx={{ lineHeight: 1.2, overflowWrap: 'break-word' }}>
          {name}
        </Typography>
      </Box>
      {canWrite && (
        <IconButton
          size="small"
          sx={{ p: 0.25 }}
          aria-label={t('board.remove', { name, job: job.label, date: dayLabel(chip.date, i18n.language) })}
          onClick={() => onRemove(chip)}
        >
          <CloseIcon fontSize="inherit" />
        </IconButton>
      )}
    </Paper>
  );
}
