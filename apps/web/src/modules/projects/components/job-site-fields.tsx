import { jobSiteProblem } from '@groundwork/core/punches';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { JobSite } from '../api/mutations';

/** The site's fields as typed: '' is none. */
export type JobSiteValues = { site_latitude: string; site_longitude: string; site_radius_m: string };

const show = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
export const siteValues = (job: Partial<JobSite> | null): JobSiteValues => ({
  site_latitude: show(job?.site_latitude),
  site_longitude: show(job?.site_longitude),
  site_radius_m: show(job?.site_radius_m),
});

type SiteField = keyof JobSiteValues;
export type SiteError = { field: SiteField; key: 'number' | 'siteBoth' | 'latitudeRange' | 'longitudeRange' | 'radiusRange' };

/** The typed site as the server takes it, or its first problem (the same rules as the server's, from core). */
export function readSite(values: JobSiteValues): { ok: true; site: JobSite } | { ok: false; error: SiteError } {
  const num = (field: SiteField) => {
    const text = values[field].trim().replace(',', '.');
    return text === '' ? null : Number(text);
  };
  const site = { site_latitude: num('site_latitude'), site_longitude: num('site_longitude'), site_radius_m: num('site_radius_m') };
  for (const field of ['site_latitude', 'site_longitude', 'site_radius_m'] as const) {
    if (site[field] !== null && !Number.isFinite(site[field])) return { ok: false, error: { field, key: 'number' } };
  }
  const problem = jobSiteProblem(site);
  if (!problem) return { ok: true, site };
  const key: SiteError['key'] = problem.message.startsWith('Give both')
    ? 'siteBoth'
    : problem.field === 'site_latitude'
      ? 'latitudeRange'
      : problem.field === 'site_longitude'
        ? 'longitudeRange'
        : 'radiusRange';
  return { ok: false, error: { field: problem.field as SiteField, key } };
}

export const sameSite = (a: JobSite, b: Partial<JobSite> | null) =>
  a.site_latitude === (b?.site_latitude ?? null) &&
  a.site_longitude === (b?.site_longitude ?? null) &&
  a.site_radius_m === (b?.site_radius_m ?? null);

interface JobSiteFieldsProps<V extends JobSiteValues> {
  register: UseFormRegister<V>;
  setValue: UseFormSetValue<V>;
  errors: FieldErrors<V>;
}

/** Where the job is, for the punch clock's fence: typed coordinates, or one reading of the phone's place here and now. */
export function JobSiteFields<V extends JobSiteValues>({ register, setValue, errors }: JobSiteFieldsProps<V>) {
  const { t } = useTranslation('projects');
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  // Generic forms: the three fields are this form's own.
  const reg = register as unknown as UseFormRegister<JobSiteValues>;
  const set = setValue as unknown as UseFormSetValue<JobSiteValues>;
  const errorOf = (field: SiteField) => {
    const message = (errors as FieldErrors<JobSiteValues>)[field]?.message;
    return message ? t(`site.errors.${message}` as 'site.errors.number') : undefined;
  };
  const locate = () => {
    if (!navigator.geolocation) {
      setFailed(true);
      return;
    }
    setLocating(true);
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        set('site_latitude', position.coords.latitude.toFixed(6), { shouldDirty: true });
        set('site_longitude', position.coords.longitude.toFixed(6), { shouldDirty: true });
        setLocating(false);
      },
      () => {
        setFailed(true);
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  };
  const field = (name: SiteField, label: string, help?: string) => (
    <TextField
      label={label}
      {...reg(name)}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) ?? help}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography variant="subtitle2" component="legend">
        {t('site.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('site.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('site_latitude', t('site.latitude'))}
        {field('site_longitude', t('site.longitude'))}
      </Stack>
      {field('site_radius_m', t('site.radius'), t('site.radiusHelp'))}
      <Button startIcon={<MyLocationIcon />} onClick={locate} loading={locating} sx={{ alignSelf: 'flex-start' }}>
        {t('site.useMyLocation')}
      </Button>
      {failed && (
        <Typography variant="body2" color="error" role="alert">
          {t('site.locateFailed')}
        </Typography>
      )}
    </Stack>
  );
}
