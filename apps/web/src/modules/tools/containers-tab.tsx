import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';
import { errorText, useContainers } from './tools-shared';

/** The containers tab: each container with its tool count; admins add, archive and restore. */
export function Containers({ tenant, admin, onView }: { tenant: string; admin: boolean; onView: (id: number) => void }) {
  const { t } = useTranslation('tools');
  const [showArchived, setShowArchived] = useState(false);
  const [confirm, setConfirm] = useState<api.Container | null>(null);
  const active = useContainers(tenant);
  const archivedList = useQuery({
    queryKey: ['tools', tenant, 'containers', 'archived'],
    queryFn: () => api.toolContainers({ tenant_uuid: tenant, status: 0 }),
    enabled: showArchived,
  });
  const containers = showArchived ? archivedList : active;
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [name, setName] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: ['tools', tenant] });
  const archive = useMutation({
    mutationFn: (id: number) => api.archiveContainer({ tenant_uuid: tenant, id }),
    onSuccess: async () => {
      setConfirm(null);
      snackbar.show({ color: 'success', message: t('messages.containerArchived') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.deleteError')) }),
  });
  const add = useMutation({
    mutationFn: () => api.createContainer({ tenant_uuid: tenant, container_name: name.trim() }),
    onSuccess: async () => {
      setName('');
      snackbar.show({ color: 'success', message: t('messages.containerAdded') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addError')) }),
  });
  const restore = useMutation({
    mutationFn: (id: number) => api.restoreContainer({ tenant_uuid: tenant, id }),
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('containers.restored') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addError')) }),
  });
  return (
    <Stack spacing={2}>
      {admin && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField label={t('containers.name')} value={name} onChange={(e) => setName(e.target.value)} size="small" />
          <Button variant="contained" disabled={!name.trim()} onClick={() => add.mutate()}>
            {t('containers.add')}
          </Button>
          <FormControlLabel
            control={<Checkbox checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />}
            label={t('containers.showArchived')}
          />
        </Stack>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {(containers.data ?? []).map((c) => (
          <Card key={c.id} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {c.container_name} {c.hq && <Chip size="small" label={t('containers.hq')} />}
              </Typography>
              <Typography variant="body2">{t('containers.count', { count: c.tool_count })}</Typography>
              {(c.employee_name || c.job_label) && (
                <Typography variant="body2">{[c.employee_name, c.job_label].filter(Boolean).join(' · ')}</Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" onClick={() => onView(c.id)} aria-label={t('containers.viewNamed', { name: c.container_name })}>
                  {t('containers.view')}
                </Button>
                {admin && !c.hq && c.status === 1 && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm(c)}
                    aria-label={t('containers.archiveNamed', { name: c.container_name })}
                  >
                    {t('containers.archive')}
                  </Button>
                )}
                {admin && c.status !== 1 && (
                  <Button
                    size="small"
                    onClick={() => restore.mutate(c.id)}
                    disabled={restore.isPending}
                    aria-label={t('containers.restoreNamed', { name: c.container_name })}
                  >
                    {t('containers.restore')}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="container-archive-title">
        <DialogTitle id="container-archive-title">{t('containers.archiveTitle', { name: confirm?.container_name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('containers.archiveBody', { count: confirm?.tool_count ?? 0 })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" disabled={archive.isPending} onClick={() => confirm && archive.mutate(confirm.id)}>
            {t('containers.archive')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
