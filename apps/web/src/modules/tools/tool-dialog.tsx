import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as api from './api';
import { MoveDialog } from './move-dialog';
import { ToolArchiveButton, ToolEditDialog } from './tool-edit-dialog';
import { cachedTools, useContainers } from './tools-shared';

/** One tool: where it is, its log and reservations; move, edit or archive it. */
export function ToolDialog({ tenant, id, admin, onClose }: { tenant: string; id: number; admin: boolean; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const tool = useQuery({
    queryKey: ['tools', tenant, 'tool', id],
    queryFn: () => api.getTool({ tenant_uuid: tenant, id }),
    // Opened from a list: the list's copy shows at once (and is all there is with no signal) until the tool's own answer.
    placeholderData: () => cachedTools(queryClient, tenant).find((t) => t.id === id),
  });
  const log = useQuery({ queryKey: ['tools', tenant, 'log', id], queryFn: () => api.toolLog({ tenant_uuid: tenant, tools_id: id }) });
  const res = useQuery({
    queryKey: ['tools', tenant, 'res', id],
    queryFn: () => api.toolReservations({ tenant_uuid: tenant, tools_id: id }),
  });
  const containers = useContainers(tenant);
  const canMove = admin || (containers.data ?? []).some((c) => c.employees_id !== null);
  const tl = tool.data;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{tl ? `${tl.tool_number} · ${tl.name}` : t('details')}</DialogTitle>
      <DialogContent>
        {tl && (
          <Stack spacing={2}>
            {tl.photos[0]?.thumbnail_base64 && (
              <Box component="img" src={tl.photos[0].thumbnail_base64} alt={tl.name} sx={{ maxWidth: 160, borderRadius: 1 }} />
            )}
            <Typography>
              <strong>{t('location')}:</strong> {tl.container_name}
            </Typography>
            {tl.last_log && (
              <Typography variant="body2">
                {t('lastMoved', { who: tl.last_log.employee_name ?? '', when: new Date(tl.last_log.moved_on).toLocaleString() })}
              </Typography>
            )}
            {[tl.make, tl.model, tl.serial].some(Boolean) && (
              <Typography variant="body2">{[tl.make, tl.model, tl.serial].filter(Boolean).join(' · ')}</Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {canMove && tl.status === 1 && (
                <Button variant="contained" onClick={() => setMoving(true)}>
                  {t('move.action')}
                </Button>
              )}
              {admin && (
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  {t('edit.open')}
                </Button>
              )}
              {admin && <ToolArchiveButton tenant={tenant} tool={tl} />}
            </Stack>
            <Typography variant="h6" component="h2">
              {t('log')}
            </Typography>
            <List dense aria-label={t('log')}>
              {(log.data ?? []).map((l) => (
                <ListItem key={l.id} divider>
                  <ListItemText
                    primary={t('logLine', { from: l.from_name ?? '—', to: l.to_name ?? '', who: l.employee_name ?? '' })}
                    secondary={`${new Date(l.created_on).toLocaleString()}${l.note ? ` · ${l.note}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="h6" component="h2">
              {t('tabs.reservations')}
            </Typography>
            {(res.data ?? []).length === 0 && <Typography variant="body2">{t('noReservations')}</Typography>}
            {(res.data ?? []).map((r) => (
              <Typography key={r.id} variant="body2" color={r.overdue ? 'error' : undefined}>
                {r.start_date} – {r.end_date} {[r.employee_name, r.job_label].filter(Boolean).join(', ')}{' '}
                {r.overdue ? `(${t('overdue')})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
      {moving && <MoveDialog tenant={tenant} ids={[id]} onClose={() => setMoving(false)} />}
      {editing && tl && <ToolEditDialog tenant={tenant} tool={tl} onClose={() => setEditing(false)} />}
    </Dialog>
  );
}
