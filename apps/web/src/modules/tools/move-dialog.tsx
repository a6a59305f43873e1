import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../auth/session';
import { sendFieldAction } from '../../lib/outbox/send';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';
import { errorText, useContainers } from './tools-shared';

/** Moves one or more tools to a container, with an optional note for the log. */
export function MoveDialog({
  tenant,
  ids,
  onClose,
  onMoved,
}: {
  tenant: string;
  ids: number[];
  onClose: () => void;
  onMoved?: () => void;
}) {
  const { t } = useTranslation('tools');
  const containers = useContainers(tenant);
  const [target, setTarget] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const owner = useOutboxOwner();
  const move = useMutation({
    // A field action: with no signal it waits on this phone (lib/outbox) and is sent once, in order, later.
    networkMode: 'always',
    mutationFn: async () => {
      const variables = { tenant_uuid: tenant, ids, container_id: Number(target), note: note || null };
      if (!owner) return { queued: false as const, data: { moveTools: await api.moveTools(variables) } };
      const to = containers.data?.find((c) => c.id === Number(target))?.container_name ?? '';
      return sendFieldAction({
        owner,
        tenant,
        kind: 'tool-move',
        label: t('move.outboxLabel', { count: ids.length, to }),
        document: api.moveToolsDocument,
        variables,
      });
    },
    onSuccess: async (sent) => {
      snackbar.show(
        sent.queued ? { color: 'info', message: t('messages.movedQueued') } : { color: 'success', message: t('messages.moved') },
      );
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
      onMoved?.();
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.moveError')) }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('move.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('move.to')} value={target} onChange={(e) => setTarget(Number(e.target.value))}>
            {(containers.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.container_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('move.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={target === '' || move.isPending} onClick={() => move.mutate()}>
          {t('move.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
