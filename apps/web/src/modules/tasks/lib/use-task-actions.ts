import { TASK_ACTION } from '@groundwork/core/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readFragment } from 'gql.tada';
import { useTranslation } from 'react-i18next';
import { useClaims, useOutboxOwner } from '../../../auth/session';
import { GraphQLRequestError } from '../../../lib/graphql';
import { compressPhoto } from '../../../lib/outbox/compress-photo';
import { sendFieldAction } from '../../../lib/outbox/send';
import { appRefusalText } from '../../../lib/refusals';
import { useSnackbar } from '../../../shell/snackbar';
import { profileQueryOptions } from '../../profile/api/profile-api';
import {
  createTask,
  customUpdateTaskMutation,
  type Task,
  type TaskCreateInput,
  TaskFieldsFragment,
  ThreadFieldsFragment,
  taskKeys,
  updateTask,
} from '../api/tasks-api';

/** The signed-in person's employee id and name in this company: the spec's user_id and user_name. */
function useMe(tenant: string) {
  const cognito = useClaims().data?.['custom:cognito_uuid'];
  const profile = useQuery({ ...profileQueryOptions(tenant, cognito ?? ''), enabled: !!cognito });
  const p = profile.data;
  return p ? { id: p.id, name: [p.firstname, p.lastname].filter(Boolean).join(' ') } : null;
}

/** The server's words for a refusal we know (validation), else the spec's "There was a problem …". */
export function refusal(error: unknown, fallback: string) {
  return error instanceof GraphQLRequestError && error.code === 'VALIDATION' ? appRefusalText(error) : fallback;
}

/** Task writes with their snackbar messages (spec §8) and one refresh of every task list after each. */
export function useTaskActions(tenant: string) {
  const { t } = useTranslation('tasks');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const me = useMe(tenant);
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all(tenant) });
  const failed = (fallback: string) => (error: unknown) => {
    console.error('task call failed', error);
    snackbar.show({ color: 'error', message: refusal(error, fallback) });
  };
  const need = () => {
    if (!me) throw new Error('profile not loaded');
    return me;
  };

  const create = useMutation({
    mutationFn: ({ task, parent }: { task: TaskCreateInput; parent?: number | null }) => {
      const who = need();
      return createTask(tenant, { user_id: who.id, user_name: who.name, parent_task: parent ?? null, task });
    },
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.added') });
      return refresh();
    },
    onError: failed(t('messages.addError')),
  });

  const owner = useOutboxOwner();
  type Change = {
    task: Pick<Task, 'id' | 'task_thread_uuid'> & { title?: string | null };
    action: keyof typeof TASK_ACTION;
    body?: string | null;
    status?: string;
    assignees?: number[];
    file_uuids?: string[];
    /** Photos taken on the phone: compressed, kept with the action and uploaded just before it is sent. */
    photos?: File[];
    due_date?: string | null;
    quiet?: boolean;
  };
  const FIELD_ACTIONS: readonly Change['action'][] = ['comment', 'status', 'photo'];
  const update = useMutation({
    // A comment or a closing is a field action: with no signal it waits on this phone and is sent once later.
    networkMode: 'always',
    mutationFn: async ({ task, action, quiet: _quiet, photos = [], ...rest }: Change) => {
      const who = need();
      const vars = {
        task_id: task.id,
        task_action_id: TASK_ACTION[action],
        user_id: who.id,
        user_name: who.name,
        task_thread_uuid: task.task_thread_uuid,
        ...rest,
      };
      if (!owner || !FIELD_ACTIONS.includes(action)) return { queued: false as const, ...(await updateTask(tenant, vars)) };
      const files = await Promise.all(photos.map((photo) => compressPhoto(photo)));
      const sent = await sendFieldAction({
        owner,
        tenant,
        kind: 'task',
        label:
          action === 'comment'
            ? t('messages.outboxComment', { title: task.title ?? '', body: rest.body ?? '' })
            : action === 'photo'
              ? t('messages.outboxPhoto', { title: task.title ?? '' })
              : t('messages.outboxStatus', { title: task.title ?? '' }),
        document: customUpdateTaskMutation,
        variables: { tenant_uuid: tenant, ...vars },
        ...(files.length ? { files, sourceTable: 'tasks', filesPath: ['file_uuids'] } : {}),
      });
      if (sent.queued) return { queued: true as const };
      return {
        queued: false as const,
        task: readFragment(TaskFieldsFragment, sent.data.customUpdateTask.task),
        thread: readFragment(ThreadFieldsFragment, sent.data.customUpdateTask.thread),
      };
    },
    onSuccess: (result, change) => {
      if (result.queued) {
        snackbar.show({ color: 'info', message: t('messages.queued') });
        return;
      }
      queryClient.setQueryData(taskKeys.thread(tenant, result.thread.task_thread_uuid), result.thread);
      if (!change.quiet) {
        const message =
          change.action === 'comment' ? t('messages.commented') : change.status === 'done' ? t('messages.closed') : t('messages.updated');
        snackbar.show({ color: 'success', message });
      }
      return refresh();
    },
    onError: failed(t('messages.updateError')),
  });

  return { me, create, update };
}
