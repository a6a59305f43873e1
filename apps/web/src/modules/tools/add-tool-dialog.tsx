import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';
import { errorText } from './tools-shared';

/** Adds a tool by name (and optional category, make, model, serial); the server gives it the next number. */
export function AddToolDialog({ tenant, onClose }: { tenant: string; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [v, setV] = useState({ name: '', category: '', make: '', model: '', serial: '' });
  const add = useMutation({
    mutationFn: () => api.addTool({ tenant_uuid: tenant, ...v }),
    onSuccess: async (tool) => {
      snackbar.show({ color: 'success', message: t('add.added', { number: tool.tool_number }) });
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addToolError')) }),
  });
  const field = (key: keyof typeof v, required = false) => (
    <TextField label={t(`add.${key}`)} value={v[key]} required={required} onChange={(e) => setV({ ...v, [key]: e.target.value })} />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('add.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', true)}
          {field('category')}
          {field('make')}
          {field('model')}
          {field('serial')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!v.name.trim() || add.isPending} onClick={() => add.mutate()}>
          {t('add.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
