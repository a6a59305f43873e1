import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';
import { errorText } from './tools-shared';

/** The reservations tab: reserve tools for dates (admins) and check reservations out and in. */
export function Reservations({ tenant, admin }: { tenant: string; admin: boolean }) {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const list = useQuery({ queryKey: ['tools', tenant, 'reservations'], queryFn: () => api.toolReservations({ tenant_uuid: tenant }) });
  const tools = useQuery({
    queryKey: ['tools', tenant, 'list', '', '', '', 1],
    queryFn: () => api.searchTools({ tenant_uuid: tenant, status: 1 }),
  });
  const jobs = useQuery({ queryKey: ['tools', tenant, 'jobs'], queryFn: () => api.listJobs({ tenant_uuid: tenant }), enabled: admin });
  const [picked, setPicked] = useState<number[]>([]);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [job, setJob] = useState<number | ''>('');
  const reserve = useMutation({
    mutationFn: () =>
      api.reserveTools({ tenant_uuid: tenant, tool_ids: picked, start_date: start, end_date: end, jobs_id: job === '' ? null : job }),
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('messages.reserved') });
      setPicked([]);
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
    },
    // The refusal (a tool already reserved then…) stays by the form until dismissed or the input changes (issue 46).
  });
  const edit =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      if (reserve.isError) reserve.reset();
      set(v);
    };
  const ready = picked.length > 0 && !!start && !!end && job !== '';
  const step = useMutation({
    mutationFn: (v: { id: number; step: 'out' | 'in' }) => api.reservationStep({ tenant_uuid: tenant, id: v.id }, v.step),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tools', tenant] }),
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.updateError')) }),
  });
  return (
    <Stack spacing={2}>
      {admin && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('reserve.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('reserve.requiredNote')}
            </Typography>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <DateField
                  required
                  label={t('reserve.start')}
                  value={start}
                  onChange={(e) => edit(setStart)(e.target.value)}
                  size="small"
                />
                <DateField required label={t('reserve.end')} value={end} onChange={(e) => edit(setEnd)(e.target.value)} size="small" />
                <TextField
                  select
                  required
                  label={t('reserve.job')}
                  helperText={t('reserve.jobHelp')}
                  value={job}
                  onChange={(e) => edit(setJob)(Number(e.target.value))}
                  size="small"
                  sx={{ minWidth: 200 }}
                >
                  {(jobs.data ?? []).map((j) => (
                    <MenuItem key={j.id} value={j.id}>
                      {j.job}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Box sx={{ maxHeight: 220, overflow: 'auto' }} role="group" aria-label={t('reserve.tools')}>
                {(tools.data?.items ?? []).map((tool) => (
                  <FormControlLabel
                    key={tool.id}
                    sx={{ display: 'flex' }}
                    control={
                      <Checkbox
                        checked={picked.includes(tool.id)}
                        onChange={(e) => edit(setPicked)(e.target.checked ? [...picked, tool.id] : picked.filter((p) => p !== tool.id))}
                      />
                    }
                    label={`${tool.tool_number} · ${tool.name}`}
                  />
                ))}
              </Box>
              {reserve.isError && (
                <Alert severity="error" onClose={() => reserve.reset()}>
                  {errorText(reserve.error, t('messages.addError'))}
                </Alert>
              )}
              <Button
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                disabled={!ready || reserve.isPending}
                onClick={() => reserve.mutate()}
              >
                {t('reserve.action', { count: picked.length })}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <List aria-label={t('tabs.reservations')}>
        {(list.data ?? []).map((r) => (
          <ListItem key={r.id} divider sx={r.overdue ? { borderLeft: 4, borderColor: 'error.main' } : undefined}>
            <ListItemText
              primary={`${r.tool_number ?? ''} · ${r.tool_name ?? ''}`}
              secondary={`${r.start_date} – ${r.end_date} · ${[r.employee_name, r.job_label].filter(Boolean).join(', ')}${r.overdue ? ` · ${t('overdue')}` : ''}`}
            />
            {r.overdue && <Chip size="small" color="error" label={t('overdue')} sx={{ mr: 1 }} />}
            {admin && (
              <Button size="small" onClick={() => step.mutate({ id: r.id, step: r.checked_out_on ? 'in' : 'out' })}>
                {r.checked_out_on ? t('reserve.checkIn') : t('reserve.checkOut')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {list.data?.length === 0 && <Typography>{t('noReservations')}</Typography>}
    </Stack>
  );
}
