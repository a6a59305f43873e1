import { isPunchTimeZone, PUNCH_LIMITS } from '@groundwork/core/punches';
import { Button, FormControlLabel, LinearProgress, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { refusalMessage } from '../lib/messages';
import { type PunchSettings, punchKeys, punchSettingsQueryOptions, updatePunchSettings } from './punch-api';

/** Whole numbers within bounds, or why not. */
function readWhole(value: string, min: number, max: number): { ok: true; value: number } | { ok: false } {
  const n = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? { ok: true, value: n } : { ok: false };
}

const RADIUS_BOUNDS = [PUNCH_LIMITS.radiusMin, PUNCH_LIMITS.radiusMax] as const;
const RETENTION_BOUNDS = [PUNCH_LIMITS.retentionMin, PUNCH_LIMITS.retentionMax] as const;

/** The time zones the browser knows (the server accepts the same IANA names), the company's own among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...(current ? [current] : [])])].sort();
}

/** An admin's punch settings: whether a punch asks for the place, a site's default radius, how long places are kept, and
 * the time zone whose days the punches are counted in. */
export function PunchSettingsForm({ tenant }: { tenant: string }) {
  const { t } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const settings = useQuery(punchSettingsQueryOptions(tenant));
  const [ask, setAsk] = useState(true);
  const [radius, setRadius] = useState('');
  const [days, setDays] = useState('');
  const [zone, setZone] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setAsk(settings.data.ask_location);
    setRadius(String(settings.data.default_radius_m));
    setDays(String(settings.data.location_retention_days));
    setZone(settings.data.time_zone);
  }, [settings.data]);
  const zones = useMemo(() => timeZones(settings.data?.time_zone ?? ''), [settings.data?.time_zone]);
  const r = readWhole(radius, ...RADIUS_BOUNDS);
  const d = readWhole(days, ...RETENTION_BOUNDS);
  const save = useMutation({
    mutationFn: (values: PunchSettings) => updatePunchSettings(tenant, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(punchKeys.settings(tenant), saved);
      snackbar.show({ color: 'success', message: t('office.settings.saved') });
      setSubmitted(false);
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('office.settings.failed')) }),
    // Whether a punch asks for the place is in everyone's punch state.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'timecards' && queryKey[2] === 'punch-state' }),
  });
  const submit = () => {
    setSubmitted(true);
    if (r.ok && d.ok && isPunchTimeZone(zone))
      save.mutate({ ask_location: ask, default_radius_m: r.value, location_retention_days: d.value, time_zone: zone });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="punch-settings-heading" sx={{ p: 2 }}>
      <Stack
        spacing={2}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ maxWidth: 480 }}
      >
        <Typography id="punch-settings-heading" variant="h6" component="h2">
          {t('office.settings.title')}
        </Typography>
        {settings.isPending && <LinearProgress aria-label={t('loading')} />}
        <FormControlLabel control={<Switch checked={ask} onChange={(e) => setAsk(e.target.checked)} />} label={t('office.settings.ask')} />
        <TextField
          label={t('office.settings.radius')}
          value={radius}
          onChange={(e) => setRadius(e.target.value)}
          error={submitted && !r.ok}
          helperText={
            submitted && !r.ok
              ? t('office.settings.between', { min: RADIUS_BOUNDS[0], max: RADIUS_BOUNDS[1] })
              : t('office.settings.radiusHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={t('office.settings.retention')}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={submitted && !d.ok}
          helperText={
            submitted && !d.ok
              ? t('office.settings.between', { min: RETENTION_BOUNDS[0], max: RETENTION_BOUNDS[1] })
              : t('office.settings.retentionHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label={t('office.settings.timeZone')}
          value={zones.includes(zone) ? zone : ''}
          onChange={(e) => setZone(e.target.value)}
          helperText={t('office.settings.timeZoneHelp')}
          slotProps={{ select: { native: true } }}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={!settings.data} sx={{ alignSelf: 'flex-start' }}>
          {t('office.settings.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
