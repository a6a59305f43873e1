import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { jobKeys } from '../api/keys';
import { updateJob } from '../api/mutations';
import type { Job } from '../api/queries';
import type { Span } from '../lib/timeline';

/** Saves a job's new dates; on failure says so (spec §8) and reloads the job so the bar snaps back. */
export function useTimelineUpdate(tenant: string) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, span }: { id: number; span: Span }) => updateJob(tenant, { id, ...span }),
    onSuccess: (_data, { id, span }) => {
      // Show the new dates at once; the refetch below confirms them.
      queryClient.setQueryData<Job[]>(jobKeys.list(tenant), (jobs) => jobs?.map((j) => (j.id === id ? { ...j, ...span } : j)));
      snackbar.show({ color: 'success', message: t('messages.updated') });
    },
    onError: () => snackbar.show({ color: 'error', message: t('messages.timelineFailed') }),
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.list(tenant) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(tenant, id) });
    },
  });
}
