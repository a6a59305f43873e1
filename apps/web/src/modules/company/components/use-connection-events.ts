import type { ConnectionEvent } from '@groundwork/core/accounting';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../shell/snackbar';

type Answer = { message?: string | null; redirect_uri?: string | null };

interface ConnectionEventsOptions<A extends Answer> {
  send: (event: ConnectionEvent) => Promise<A>;
  /** Where connect sends the browser: the system's consent page. */
  openUrl: (url: string) => void;
  /** All the integration reads, fetched again after each answer. */
  queryKey: QueryKey;
  /** The integration's own rules for an answer that is not a redirect: what it says and what it keeps. */
  onAnswer: (answer: A, event: ConnectionEvent) => void;
  /** The snackbar's words when the server gives no reason of its own. */
  failed: string;
}

/** Connect (off to the consent page and back), check and disconnect, as the QuickBooks Online and Time dialogs do. */
export function useConnectionEvents<A extends Answer>({ send, openUrl, queryKey, onAnswer, failed }: ConnectionEventsOptions<A>) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer, event) => {
      if (event === 'connect' && answer.redirect_uri) return openUrl(answer.redirect_uri);
      onAnswer(answer, event);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => snackbar.show({ color: 'error', message: error.message || failed }),
  });
}
