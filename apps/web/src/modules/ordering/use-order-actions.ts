import { ORDER_STATUS } from '@groundwork/core/ordering';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GraphQLRequestError } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { useSnackbar } from '../../shell/snackbar';
import { duplicateOrder, type Order, type OrderInput, orderingKeys, resendOrder, saveOrder, setOrdersStatus } from './api';

/** The order dialog's server actions (save or send, resend, duplicate, archive or restore) and the last refusal. */
export function useOrderActions({
  tenant,
  order,
  archived,
  onClose,
  onOpen,
}: {
  tenant: string;
  order: Order | null;
  archived: boolean;
  onClose: () => void;
  onOpen: (order: Order) => void;
}) {
  const { t } = useTranslation('ordering');
  const snackbar = useSnackbar();
  const client = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);

  const done = (message: string) => {
    void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
    snackbar.show({ color: 'success', message });
  };
  const failed = (e: unknown) => {
    const message = e instanceof GraphQLRequestError && e.code === 'VALIDATION' ? refusalText(t, e) : t('messages.saveOrderFailed');
    setServerError(message);
    snackbar.show({ color: 'error', message });
  };

  const save = useMutation({
    mutationFn: ({ input, send }: { input: OrderInput; send: boolean }) => saveOrder(tenant, input, order?.id ?? null, send),
    onSuccess: (res, { send }) => {
      done(send ? t('messages.sent') : t('messages.saved'));
      if (res.warning) snackbar.show({ color: 'warning', message: res.warning });
      onClose();
    },
    onError: failed,
  });
  const resend = useMutation({
    mutationFn: () => resendOrder(tenant, order?.id as number),
    onSuccess: () => {
      done(t('messages.resent'));
      onClose();
    },
    onError: failed,
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateOrder(tenant, order?.id as number),
    onSuccess: (copy) => {
      done(t('messages.duplicated'));
      onOpen(copy);
    },
    onError: failed,
  });
  const archive = useMutation({
    mutationFn: () => setOrdersStatus(tenant, [order?.id as number], archived ? ORDER_STATUS.active : ORDER_STATUS.archived),
    onSuccess: () => {
      done(archived ? t('messages.restored') : t('messages.archived'));
      onClose();
    },
    onError: failed,
  });
  const busy = save.isPending || resend.isPending || duplicate.isPending || archive.isPending;
  return { save, resend, duplicate, archive, busy, serverError, setServerError };
}
