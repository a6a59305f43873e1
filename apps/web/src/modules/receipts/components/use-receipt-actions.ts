import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { receiptKeys } from '../api/keys';
import { archiveReceipts, deleteReceipts, type SaveReceiptInput, saveReceipt, unarchiveReceipts } from '../api/mutations';
import { refusalMessage } from '../lib/messages';

/** The receipt writes with their snackbar messages (spec §8) and one refresh of every receipt list after each. */
export function useReceiptActions(tenant: string) {
  const { t } = useTranslation('receipts');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: receiptKeys.all(tenant) });
  const failed = (fallback: string) => (error: unknown) => {
    console.error('receipt call failed', error);
    snackbar.show({ color: 'error', message: refusalMessage(error, t, fallback) });
  };

  const save = useMutation({
    mutationFn: (input: SaveReceiptInput) => saveReceipt(tenant, input),
    onSuccess: (_saved, input) => {
      snackbar.show({ color: 'success', message: input.id ? t('messages.updated') : t('messages.added') });
      return refresh();
    },
    onError: (error, input) => failed(input.id ? t('messages.updateError') : t('messages.addError'))(error),
  });

  const archive = useMutation({
    mutationFn: async ({ id, restore }: { id: number; restore: boolean }) => {
      await (restore ? unarchiveReceipts(tenant, [id]) : archiveReceipts(tenant, [id]));
    },
    onSuccess: (_result, { restore }) => {
      snackbar.show({ color: 'success', message: restore ? t('messages.restored') : t('messages.archived') });
      return refresh();
    },
    onError: failed(t('messages.updateError')),
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteReceipts(tenant, [id]),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.deleted') });
      return refresh();
    },
    onError: failed(t('messages.deleteError')),
  });

  return { save, archive, remove };
}
