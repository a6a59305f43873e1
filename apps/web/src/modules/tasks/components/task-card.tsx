import CameraAltIcon from '@mui/icons-material/CameraAltOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistOutlined';
import CircleIcon from '@mui/icons-material/Circle';
import { Box, Button, Card, CardActionArea, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useSnackbar } from '../../../shell/snackbar';
import type { Task } from '../api/tasks-api';
import type { useTaskActions } from '../lib/use-task-actions';

// The dot carries the colour; the text stays in the theme's text colour (contrast).
const STATUS_COLOR = { open: 'text.disabled', in_progress: 'info.main', done: 'success.main' } as const;

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon sx={{ '&&': { color: STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'text.disabled' }, fontSize: 12 }} />}
      label={t(`status.${status}`, { defaultValue: status })}
    />
  );
}

export function DueText({ task }: { task: Pick<Task, 'due_date' | 'overdue'> }) {
  const { t, i18n } = useTranslation('tasks');
  if (!task.due_date) return null;
  return (
    <Typography
      variant="body2"
      sx={(theme) => ({
        // error.main (#f44336) is too light for text on white: the darker shade in light mode, the lighter in dark.
        color: task.overdue ? (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark) : 'text.secondary',
        fontWeight: task.overdue ? 600 : 400,
      })}
    >
      {task.overdue
        ? t('card.overdue', { date: formatDay(task.due_date, i18n.language) })
        : t('card.due', { date: formatDay(task.due_date, i18n.language) })}
    </Typography>
  );
}

/**
 * A task on a phone: tap to open it; "Close with photo" opens the camera and, once the picture is taken, closes the
 * task with it (two taps), through the outbox: with no signal both wait on the phone and are sent once later.
 */
export function TaskCard({
  task,
  actions,
  onOpen,
}: {
  task: Task;
  actions: ReturnType<typeof useTaskActions>;
  onOpen: (task: Task) => void;
}) {
  const { t } = useTranslation('tasks');
  const snackbar = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const closeWithPhoto = async (file: File) => {
    setBusy(true);
    try {
      // A field action: the photo is kept with the closing on this phone and both go once the signal allows.
      await actions.update.mutateAsync({ task, action: 'status', status: 'done', photos: [file] });
    } catch (error) {
      console.error('close with photo failed', error);
      if (!actions.update.isError) snackbar.show({ color: 'error', message: t('messages.updateError') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', borderColor: task.overdue ? 'error.main' : undefined }}>
      <CardActionArea onClick={() => onOpen(task)}>
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {task.title}
            </Typography>
            <StatusChip status={task.status} />
          </Stack>
          {task.job_label && (
            <Typography variant="body2" color="text.secondary">
              {task.job_label}
            </Typography>
          )}
          <DueText task={task} />
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {task.assignees.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {task.assignees.map((a) => a.name).join(', ')}
              </Typography>
            )}
            {task.checklist_total > 0 && (
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
                <ChecklistIcon fontSize="small" aria-hidden />
                <Typography variant="body2">{t('card.checklist', { done: task.checklist_done, total: task.checklist_total })}</Typography>
              </Box>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
      {task.status !== 'done' && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <input
            ref={input}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid={`close-photo-input-${task.id}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void closeWithPhoto(file);
            }}
          />
          <Button
            variant="outlined"
            size="medium"
            fullWidth
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : <CameraAltIcon />}
            onClick={() => input.current?.click()}
          >
            {t('card.closeWithPhoto')}
          </Button>
        </Box>
      )}
    </Card>
  );
}
