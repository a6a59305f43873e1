import { TASK_STATUSES } from '@groundwork/core/tasks';
import { Box, Card, CardActionArea, CardContent, Paper, Stack, Typography } from '@mui/material';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../api/tasks-api';
import { DueText } from './task-card';

/**
 * The desktop board: a column per status. Move a card by dragging it, or from the keyboard: focus it and press
 * the left or right arrow (Enter opens it).
 */
export function TaskBoard({
  tasks,
  onOpen,
  onMove,
}: {
  tasks: Task[];
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const [over, setOver] = useState<string | null>(null);
  const move = (task: Task, step: -1 | 1) => {
    const i = TASK_STATUSES.indexOf(task.status as (typeof TASK_STATUSES)[number]);
    const next = TASK_STATUSES[i + step];
    if (next) onMove(task, next);
  };
  const keys = (task: Task) => (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(task, 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(task, -1);
    }
  };
  const drop = (status: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData('text/plain'));
    const task = tasks.find((x) => x.id === id);
    if (task && task.status !== status) onMove(task, status);
  };
  return (
    <Box>
      <Typography id="board-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('board.help')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
        {TASK_STATUSES.map((status) => {
          const column = tasks.filter((x) => x.status === status);
          return (
            <Paper
              key={status}
              variant="outlined"
              component="section"
              aria-labelledby={`col-${status}`}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(status);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={drop(status)}
              sx={{ p: 1.5, minHeight: 240, bgcolor: over === status ? 'action.hover' : 'background.default' }}
            >
              <Typography id={`col-${status}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {t(`status.${status}`)} ({column.length})
              </Typography>
              <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
                {column.map((task) => (
                  <Card
                    key={task.id}
                    component="li"
                    variant="outlined"
                    draggable
                    onDragStart={(event) => event.dataTransfer.setData('text/plain', String(task.id))}
                    sx={{ listStyle: 'none', borderColor: task.overdue ? 'error.main' : undefined }}
                  >
                    <CardActionArea
                      onClick={() => onOpen(task)}
                      onKeyDown={keys(task)}
                      aria-describedby="board-help"
                      data-testid={`board-card-${task.id}`}
                    >
                      <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                        <Typography variant="body1" sx={{ fontWeight: 600 }}>
                          {task.title}
                        </Typography>
                        {task.job_label && (
                          <Typography variant="body2" color="text.secondary">
                            {task.job_label}
                          </Typography>
                        )}
                        <DueText task={task} />
                        {task.assignees.length > 0 && (
                          <Typography variant="body2" color="text.secondary">
                            {task.assignees.map((a) => a.name).join(', ')}
                          </Typography>
                        )}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
