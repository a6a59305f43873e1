import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  notificationSettingsProblem,
} from '@groundwork/core/notifications';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Alert,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/field-errors';
import { GraphQLRequestError } from '../../lib/graphql-error';
import { errorText } from '../../lib/refusals';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';

type Form = {
  push: Record<NotificationKind, boolean>;
  email: Record<NotificationKind, boolean>;
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
};

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const byKind = (pick: (k: NotificationKind) => boolean) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, pick(k)])) as Record<NotificationKind, boolean>;

const toForm = (s: NotificationSettings): Form => ({
  push: byKind((k) => !s.push_off.includes(k)),
  email: byKind((k) => s.email_on.includes(k)),
  quiet: Boolean(s.quiet_start && s.quiet_end),
  quiet_start: s.quiet_start ?? '21:00',
  quiet_end: s.quiet_end ?? '06:00',
});

/** Opens the person's notification settings: push and e-mail per kind, and quiet hours. */
export function NotificationSettingsButton({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="text" startIcon={<TuneIcon />} onClick={() => setOpen(true)}>
        {t('notifications.settings.open')}
      </Button>
      {open && <SettingsDialog tenant={tenant} onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsDialog({ tenant, onClose }: { tenant: string; onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const qc = useQueryClient();
  const current = useQuery({ queryKey: api.settingsKey(tenant), queryFn: () => api.myNotificationSettings({ tenant_uuid: tenant }) });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('notifications.settings.title')}
      editMode
      cancelButton={{ onClick: onClose, label: t('notifications.settings.cancel') }}
      actionButton={{
        onClick: () => (document.getElementById('notification-settings-form') as HTMLFormElement | null)?.requestSubmit(),
        label: t('notifications.settings.save'),
      }}
      actionButtonDisabled={!current.data}
      loading={current.isPending}
    >
      {current.isError && <Alert severity="error">{t('notifications.fetchError')}</Alert>}
      {current.data && (
        <SettingsForm
          settings={current.data}
          tenant={tenant}
          onSaved={(saved) => {
            qc.setQueryData(api.settingsKey(tenant), saved);
            onClose();
          }}
        />
      )}
    </AppDialog>
  );
}

function SettingsForm({
  settings,
  tenant,
  onSaved,
}: {
  settings: NotificationSettings;
  tenant: string;
  onSaved: (s: NotificationSettings) => void;
}) {
  const { t } = useTranslation('announcements');
  const snackbar = useSnackbar();
  const zone = browserZone();
  // The problem's field, and its words in the reader's language (a rule of core's, or the server's refusal by its key).
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const { control, handleSubmit, register } = useForm<Form>({ defaultValues: toForm(settings) });
  const quiet = useWatch({ control, name: 'quiet' });
  const save = useMutation({
    mutationFn: (s: NotificationSettings) => api.saveNotificationSettings({ tenant_uuid: tenant, settings: s }),
    onSuccess: (saved) => {
      snackbar.show({ color: 'success', message: t('notifications.settings.saved') });
      onSaved(saved);
    },
    onError: (err: Error) =>
      setProblem({
        field: (err instanceof GraphQLRequestError && err.field) || '',
        text: errorText(t, err, t('notifications.settings.errors.saveError')),
      }),
  });
  const submit = handleSubmit((form) => {
    const value: NotificationSettings = {
      push_off: NOTIFICATION_KINDS.filter((k) => !form.push[k]),
      email_on: NOTIFICATION_KINDS.filter((k) => form.email[k]),
      quiet_start: form.quiet ? form.quiet_start : null,
      quiet_end: form.quiet ? form.quiet_end : null,
      time_zone: zone,
    };
    const found = notificationSettingsProblem(value);
    setProblem(found && { field: found.field, text: translateFieldError(t, found.message) ?? found.message });
    if (!found) save.mutate(value);
  });
  const errorFor = (field: string) => (problem?.field === field ? problem.text : undefined);
  const kindLabel = (k: NotificationKind) => t(`notifications.kinds.${k}` as 'notifications.kinds.announcement');

  return (
    <Stack component="form" id="notification-settings-form" spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.settings.intro')}
      </Typography>
      <Table size="small" aria-label={t('notifications.settings.channels')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('notifications.settings.kind')}</TableCell>
            <TableCell align="center">{t('notifications.settings.push')}</TableCell>
            <TableCell align="center">{t('notifications.settings.email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_KINDS.map((k) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {kindLabel(k)}
              </TableCell>
              {(['push', 'email'] as const).map((channel) => (
                <TableCell key={channel} align="center" padding="checkbox">
                  <Controller
                    name={`${channel}.${k}`}
                    control={control}
                    render={({ field }) => (
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${kindLabel(k)}: ${t(`notifications.settings.${channel}`)}` } }}
                      />
                    )}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {t('notifications.settings.emailHelp')}
      </Typography>
      <Controller
        name="quiet"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('notifications.settings.quiet')}
          />
        )}
      />
      {quiet && (
        <Stack direction="row" spacing={2}>
          <TextField
            type="time"
            label={t('notifications.settings.from')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...register('quiet_start')}
            error={Boolean(errorFor('quiet_start'))}
            helperText={errorFor('quiet_start')}
          />
          <TextField
            type="time"
            label={t('notifications.settings.to')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...register('quiet_end')}
            error={Boolean(errorFor('quiet_end'))}
            helperText={errorFor('quiet_end') ?? t('notifications.settings.zone', { zone })}
          />
        </Stack>
      )}
      {problem && !['quiet_start', 'quiet_end'].includes(problem.field) && <Alert severity="error">{problem.text}</Alert>}
    </Stack>
  );
}
