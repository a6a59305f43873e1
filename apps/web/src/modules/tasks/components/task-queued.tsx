import { TASK_ACTION } from '@groundwork/core/tasks';
import { ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../../auth/session';
import { useOutboxItems } from '../../../lib/outbox/use-outbox-items';

/**
 * The person's own changes to this task that wait on this phone (no signal yet) or were not accepted: shown at the
 * top of the thread, newest first, each with its state, until the sent one comes back in the thread itself.
 */
export function QueuedThreadEntries({ threadUuid, me }: { threadUuid: string; me: string | null }) {
  const { t } = useTranslation('tasks');
  const owner = useOutboxOwner();
  const items = useOutboxItems(owner)
    .filter((i) => i.kind === 'task' && i.status !== 'sent' && i.variables.task_thread_uuid === threadUuid)
    .sort((a, b) => b.created_at - a.created_at);
  return items.map((item) => {
    const v = item.variables as { task_action_id?: number; body?: string | null; status?: string; file_uuids?: string[] };
    const photos = (item.files?.length ?? 0) + (v.file_uuids?.length ?? 0);
    const what =
      v.task_action_id === TASK_ACTION.status
        ? t('thread.status', { status: t(`status.${v.status ?? 'open'}` as 'status.open') })
        : v.task_action_id === TASK_ACTION.photo
          ? t('thread.photo', { count: photos })
          : t('thread.comment');
    return (
      <ListItem
        key={item.id}
        disableGutters
        sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}
        data-testid="task-thread-queued"
      >
        <Typography variant="body2">
          <strong>{me ?? '—'}</strong> · {what}
        </Typography>
        <Typography variant="caption" color={item.status === 'refused' ? 'error' : 'text.secondary'} component="p">
          {item.status === 'refused' ? t('thread.refused', { reason: item.error ?? '' }) : t('thread.savedOnPhone')}
        </Typography>
        {v.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{v.body}</Typography>}
      </ListItem>
    );
  });
}
