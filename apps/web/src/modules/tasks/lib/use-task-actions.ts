import { TASK_ACTION } from '@groundwork/core/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useClaims } from '../../../auth/session';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useSnackbar } from '../../../shell/snackbar';
import { profileQueryOptions } from '../../profile/api/profile-api';
import { createTask, type Task, type TaskCreateInput, taskKeys, updateTask } from '../api/tasks-api';

/** The signed-in person's employee id and name in this company: the spec's user_id and user_name. */
export function useMe(tenant: string) {
  const cognito = useClaims().data?.['custom:cognito_uuid'];
  const profile = useQuery({ ...profileQueryOptions(tenant, cognito ?? ''), enabled: !!cognito });
  const p = profile.data;
  return p ? { id: p.id, name: [p.firstname, p.lastname].filter(Boolean).join(' ') } : null;
}

/** The server's words for a refusal we know (validation), else the spec's "There was a problem …". */
export function refusal(error: unknown, fallback: string) {
  return error instanceof GraphQLRequestError && error.code === 'VALIDATION' ? error.message : fallback;
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

  type Change = {
    task: Pick<Task, 'id' | 'task_thread_uuid'>;
    action: keyof typeof TASK_ACTION;
    body?: string | null;
    status?: string;
    assignees?: number[];
    file_uuids?: string[];
    due_date?: string | null;
    quiet?: boolean;
  };
  const update = useMutation({
    mutationFn: ({ task, action, quiet: _quiet, ...rest }: Change) => {
      const who = need();
      return updateTask(tenant, {
        task_id: task.id,
        task_action_id: TASK_ACTION[action],
        user_id: who.id,
        user_name: who.name,
        task_thread_uuid: task.task_thread_uuid,
        ...rest,
      });
    },
    onSuccess: (result, change) => {
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
