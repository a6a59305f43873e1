import { type AnnouncementInput, AUDIENCES, announcementFields } from '@groundwork/core/announcements';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { RichTextEditor } from '../../components/rich-text-editor';
import { localToday } from '../../lib/dates';
import { translateFieldError } from '../../lib/field-errors';
import { errorText } from '../../lib/refusals';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';

type FormValues = Omit<AnnouncementInput, 'body'> & { body: string };

/** Adds or edits an announcement (announcement admins), with the core schema the server checks too. */
export function AnnouncementDialog({
  tenant,
  announcement,
  onClose,
}: {
  tenant: string;
  announcement: api.Announcement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('announcements');
  const { t: errorsT } = useTranslation('errors');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const titleId = useId();
  const audienceLabel = useId();
  const idsLabel = useId();
  const today = localToday();
  const week = (() => {
    const d = new Date();
    d.setDate(d.getDate() + 7);
    return localToday(d);
  })();
  const { control, handleSubmit, register, watch, setValue, formState } = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(announcementFields) as unknown as Resolver<FormValues>,
    defaultValues: announcement
      ? {
          id: announcement.id,
          title: announcement.title,
          body: announcement.body,
          start_date: announcement.start_date,
          exp_date: announcement.exp_date,
          audience: announcement.audience as FormValues['audience'],
          audience_ids: announcement.audience_ids,
          is_default: announcement.is_default,
          on_app: announcement.on_app,
          requires_ack: announcement.requires_ack,
        }
      : {
          id: null,
          title: '',
          body: '',
          start_date: today,
          exp_date: week,
          audience: 'everyone',
          audience_ids: [],
          is_default: false,
          on_app: true,
          requires_ack: false,
        },
  });
  const audience = watch('audience');
  const options = useQuery({
    queryKey: ['announcements', tenant, 'options', audience],
    queryFn: () => api.audienceOptions(tenant, audience),
    enabled: audience !== 'everyone',
  });
  // Core's rules and the server's refusals, in the reader's language (the errors namespace).
  const msg = (m: string | undefined) => translateFieldError(t, m);
  const failed = errorsT(announcement ? 'announcements.updateError' : 'announcements.addError');

  const save = useMutation({
    mutationFn: (v: FormValues) => api.saveAnnouncement({ tenant_uuid: tenant, announcement: { ...v, id: v.id ?? null } }),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: errorsT(announcement ? 'announcements.updated' : 'announcements.added') });
      void qc.invalidateQueries({ queryKey: ['announcements', tenant] });
      onClose();
    },
    // The refusal is shown once, in the dialog beside the form it is about (not in a snackbar as well).
  });
  const refusal = errorText(t, save.error, failed, () => true);

  const err = formState.errors;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{announcement ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('form.title')}
              required
              autoFocus
              {...register('title')}
              error={Boolean(err.title)}
              helperText={msg(err.title?.message)}
            />
            <Controller
              name="body"
              control={control}
              render={({ field }) => (
                <RichTextEditor
                  label={t('form.body')}
                  value={field.value}
                  onChange={field.onChange}
                  labels={{
                    bold: t('form.editor.bold'),
                    italic: t('form.editor.italic'),
                    bullets: t('form.editor.bullets'),
                    numbers: t('form.editor.numbers'),
                  }}
                />
              )}
            />
            {err.body && (
              <Typography variant="caption" color="error" role="alert">
                {msg(err.body.message)}
              </Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateField
                label={t('form.start_date')}
                required
                {...register('start_date')}
                error={Boolean(err.start_date)}
                helperText={msg(err.start_date?.message)}
                fullWidth
              />
              <DateField
                label={t('form.exp_date')}
                required
                {...register('exp_date')}
                error={Boolean(err.exp_date)}
                helperText={msg(err.exp_date?.message)}
                fullWidth
              />
            </Stack>
            <Controller
              control={control}
              name="audience"
              render={({ field }) => (
                <FormControl fullWidth>
                  <InputLabel id={audienceLabel}>{t('form.audience')}</InputLabel>
                  <Select
                    labelId={audienceLabel}
                    label={t('form.audience')}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      setValue('audience_ids', []);
                    }}
                  >
                    {AUDIENCES.map((a) => (
                      <MenuItem key={a} value={a}>
                        {t(`audiences.${a}`)}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              )}
            />
            {audience !== 'everyone' && (
              <Controller
                control={control}
                name="audience_ids"
                render={({ field }) => (
                  <FormControl fullWidth error={Boolean(err.audience_ids)}>
                    <InputLabel id={idsLabel}>{t('form.audience_ids')}</InputLabel>
                    <Select
                      labelId={idsLabel}
                      label={t('form.audience_ids')}
                      multiple
                      value={field.value}
                      onChange={(e) => field.onChange((e.target.value as number[]).map(Number))}
                      renderValue={(ids) =>
                        (ids as number[]).map((id) => options.data?.find((o) => o.id === id)?.label ?? `#${id}`).join(', ')
                      }
                    >
                      {(options.data ?? []).map((o) => (
                        <MenuItem key={o.id} value={o.id}>
                          <Checkbox checked={field.value.includes(o.id)} />
                          <ListItemText primary={o.label} />
                        </MenuItem>
                      ))}
                    </Select>
                    {err.audience_ids && <FormHelperText>{msg(err.audience_ids.message)}</FormHelperText>}
                  </FormControl>
                )}
              />
            )}
            {(['requires_ack', 'is_default', 'on_app'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={t(`form.${name}`)}
                  />
                )}
              />
            ))}
            {save.isError && <Alert severity="error">{refusal}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
