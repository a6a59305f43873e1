import { Alert, Button, LinearProgress, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GlobalSetting, globalSettingsKeys, globalSettingsQueryOptions } from '../../../app/global-settings-query';
import { DateField } from '../../../components/date-field';
import { RetryAlert } from '../../../components/retry-alert';
import { GraphQLRequestError } from '../../../lib/graphql';
import { refusalText } from '../../../lib/refusals';
import { useSnackbar } from '../../../shell/snackbar';
import { type TenantSettingInput, updateTenantSettings } from '../api/mutations';
import { useCatalogueText } from './catalogue-text';
import { readableErrorSx } from './readable-error';

type Draft = Record<number, { custom_value: string | null; pass_through_value: string | null }>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function draftOf(settings: readonly GlobalSetting[]): Draft {
  return Object.fromEntries(
    settings.map((s) => [
      s.codx_tenant_options_values_id,
      { custom_value: s.custom_value ?? null, pass_through_value: s.pass_through_value ?? null },
    ]),
  );
}

/** What is wrong with a drafted value (a translation key), or null. The server checks the same again. */
function problemOf(setting: GlobalSetting, value: Draft[number] | undefined): 'settings.invalidDate' | 'settings.invalidMinutes' | null {
  if (!value) return null;
  if (
    setting.value_type === 'date' &&
    !(value.custom_value && DATE.test(value.custom_value) && !Number.isNaN(Date.parse(value.custom_value)))
  )
    return 'settings.invalidDate';
  if (setting.value_type === 'number') {
    const minutes = Number(value.pass_through_value);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) return 'settings.invalidMinutes';
  }
  return null;
}

/** Company setup, settings part: the option catalogue grouped, each with this company's value (spec §3, §4). */
export function TenantSettingsForm({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const settings = useQuery(globalSettingsQueryOptions(tenant));
  const [draft, setDraft] = useState<Draft>({});
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, GlobalSetting[]>();
    for (const setting of settings.data ?? []) {
      const list = byGroup.get(setting.group) ?? [];
      list.push(setting);
      byGroup.set(setting.group, list);
    }
    return [...byGroup.entries()];
  }, [settings.data]);

  const changed: TenantSettingInput[] = useMemo(
    () =>
      (settings.data ?? [])
        .filter((s) => {
          const d = draft[s.codx_tenant_options_values_id];
          return d && (d.custom_value !== (s.custom_value ?? null) || d.pass_through_value !== (s.pass_through_value ?? null));
        })
        .map((s) => ({ codx_tenant_options_values_id: s.codx_tenant_options_values_id, ...draft[s.codx_tenant_options_values_id] })),
    [settings.data, draft],
  );
  const invalid = (settings.data ?? []).some((s) => problemOf(s, draft[s.codx_tenant_options_values_id]) !== null);

  const save = useMutation({
    mutationFn: () => updateTenantSettings(tenant, changed),
    onSuccess: (updated) => {
      setServerError(null);
      queryClient.setQueryData(globalSettingsKeys.tenant(tenant), updated);
      snackbar.show({ color: 'success', message: t('settings.saved') });
    },
    onError: (error) => {
      setServerError(error instanceof GraphQLRequestError && error.code === 'VALIDATION' ? refusalText(t, error) : null);
      snackbar.show({ color: 'error', message: t('settings.saveFailed') });
    },
  });

  const set = (id: number, patch: Partial<Draft[number]>) => setDraft((current) => ({ ...current, [id]: { ...current[id], ...patch } }));

  // The minute increments are alternatives: the time card uses whichever is on (spec §5), so one at a time.
  const setNumberOn = (setting: GlobalSetting, on: boolean) =>
    setDraft((current) => {
      const next = { ...current };
      if (on) {
        for (const other of settings.data ?? []) {
          if (other.group === setting.group && other.value_type === 'number' && other !== setting) {
            next[other.codx_tenant_options_values_id] = { ...next[other.codx_tenant_options_values_id], custom_value: 'false' };
          }
        }
      }
      next[setting.codx_tenant_options_values_id] = { ...next[setting.codx_tenant_options_values_id], custom_value: String(on) };
      return next;
    });

  if (settings.isPending) return <LinearProgress aria-label={t('settings.loading')} />;
  if (settings.isError) {
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => void settings.refetch()}>
        {t('settings.fetchFailed')}
      </RetryAlert>
    );
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (changed.length > 0 && !invalid) save.mutate();
      }}
    >
      {groups.map(([group, list]) => (
        <SettingsGroup key={group} group={group}>
          {list.map((setting) => (
            <SettingField
              key={setting.codx_tenant_options_values_id}
              setting={setting}
              value={draft[setting.codx_tenant_options_values_id]}
              onChange={(patch) => set(setting.codx_tenant_options_values_id, patch)}
              onNumberToggle={(on) => setNumberOn(setting, on)}
            />
          ))}
        </SettingsGroup>
      ))}
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="button"
          disabled={changed.length === 0 || save.isPending}
          onClick={() => settings.data && setDraft(draftOf(settings.data))}
        >
          {t('settings.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={changed.length === 0 || invalid} loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

function SettingsGroup({ group, children }: { group: string; children: ReactNode }) {
  const { groupTitle } = useCatalogueText();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {groupTitle(group)}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

interface SettingFieldProps {
  setting: GlobalSetting;
  value: Draft[number] | undefined;
  onChange: (patch: Partial<Draft[number]>) => void;
  onNumberToggle: (on: boolean) => void;
}

function SettingField({ setting, value, onChange, onNumberToggle }: SettingFieldProps) {
  const { t } = useTranslation('company');
  const { settingTitle, settingDescription, optionLabel } = useCatalogueText();
  const id = setting.codx_tenant_options_values_id;
  const labelId = useId();
  const descriptionId = useId();
  const title = settingTitle(setting);
  const description = settingDescription(setting);
  const problem = problemOf(setting, value);

  const text = (
    <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
      <Typography id={labelId}>{title}</Typography>
      {description && (
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
    </Stack>
  );

  if (setting.value_type === 'boolean' || setting.value_type === 'number') {
    return (
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {text}
          <Switch
            checked={value?.custom_value === 'true'}
            onChange={(event) =>
              setting.value_type === 'number'
                ? onNumberToggle(event.target.checked)
                : onChange({ custom_value: String(event.target.checked) })
            }
            slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': description ? descriptionId : undefined } }}
            data-testid={`setting-${id}`}
          />
        </Stack>
        {setting.value_type === 'number' && (
          <TextField
            label={t('settings.minutes', { title })}
            type="number"
            size="small"
            value={value?.pass_through_value ?? ''}
            onChange={(event) => onChange({ pass_through_value: event.target.value })}
            error={problem !== null}
            helperText={problem ? t(problem) : undefined}
            slotProps={{ htmlInput: { min: 1, max: 1440, step: 1, inputMode: 'numeric' } }}
            sx={[{ maxWidth: 260 }, readableErrorSx]}
          />
        )}
      </Stack>
    );
  }

  if (setting.value_type === 'date') {
    return (
      <DateField
        label={title}
        value={value?.custom_value ?? ''}
        onChange={(event) => onChange({ custom_value: event.target.value || null })}
        error={problem !== null}
        helperText={problem ? t(problem) : description}
        sx={[{ maxWidth: 320 }, readableErrorSx]}
      />
    );
  }

  // select: the chosen option travels in pass_through_value; custom_value 'true' marks the option as set.
  return (
    <TextField
      select
      label={title}
      value={value?.pass_through_value ?? ''}
      onChange={(event) => onChange({ pass_through_value: event.target.value, custom_value: 'true' })}
      helperText={description}
      sx={{ maxWidth: 320 }}
    >
      {(setting.options ?? []).map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(setting, option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
