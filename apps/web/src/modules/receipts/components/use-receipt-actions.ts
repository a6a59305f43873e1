import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../../auth/session';
import { compressPhoto } from '../../../lib/outbox/compress-photo';
import { sendFieldAction } from '../../../lib/outbox/send';
import { useSnackbar } from '../../../shell/snackbar';
import { receiptKeys } from '../api/keys';
import {
  archiveReceipts,
  deleteReceipts,
  type SaveReceiptInput,
  saveReceipt,
  saveReceiptMutation,
  unarchiveReceipts,
} from '../api/mutations';
import { refusalMessage } from '../lib/messages';

export const RECEIPTS_SOURCE_TABLE = 'receipts';

/** A receipt to save, with the photos that could not be uploaded for lack of signal (they wait on the phone with it). */
export type ReceiptSave = { input: SaveReceiptInput; photos?: File[]; label?: string };

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

  const owner = useOutboxOwner();

  const save = useMutation({
    // A new receipt is a field action: with no signal it waits on this phone, its photos compressed, and is sent
    // once (photos uploaded first) when the signal returns (lib/outbox).
    networkMode: 'always',
    mutationFn: async ({ input, photos = [], label }: ReceiptSave): Promise<{ queued: boolean }> => {
      if (!owner || input.id) {
        await saveReceipt(tenant, input);
        return { queued: false };
      }
      const files = await Promise.all(photos.map((photo) => compressPhoto(photo)));
      return sendFieldAction({
        owner,
        tenant,
        kind: 'receipt',
        label: label ?? t('messages.outboxLabel'),
        document: saveReceiptMutation,
        variables: { tenant_uuid: tenant, receipt: input },
        files,
        sourceTable: RECEIPTS_SOURCE_TABLE,
        filesPath: ['receipt', 'file_uuids'],
      });
    },
    onSuccess: (sent, { input }) => {
      snackbar.show(
        sent.queued
          ? { color: 'info', message: t('messages.queued') }
          : { color: 'success', message: input.id ? t('messages.updated') : t('messages.added') },
      );
      return refresh();
    },
    onError: (error, { input }) => failed(input.id ? t('messages.updateError') : t('messages.addError'))(error),
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
