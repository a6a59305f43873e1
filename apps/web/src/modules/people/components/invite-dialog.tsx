import { personName } from '@groundwork/core/names';
import { MESSAGES } from '@groundwork/core/people';
import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translateFieldError } from '../../../lib/field-errors';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { inviteUser } from '../api/mutations';
import type { Person } from '../api/queries';
import { serverMessage } from '../lib/errors';

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .pipe(z.email(MESSAGES.email).max(256, MESSAGES.max(256))),
});

interface InviteValues {
  email: string;
}

interface InviteDialogProps {
  tenant: string;
  person: Person;
  /** The person was invited and has not signed in yet: inviteUser again e-mails a fresh temporary password. */
  resend?: boolean;
  onClose: () => void;
}

/**
 * inviteUser: e-mails a temporary password to a new address, or links an existing account to this company; for
 * someone invited who has not signed in yet, sends the invitation again with a new temporary password.
 */
export function InviteDialog({ tenant, person, resend = false, onClose }: InviteDialogProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<InviteValues>({
    defaultValues: { email: person.email ?? person.private_email ?? '' },
    resolver: zodResolver(inviteSchema),
    mode: 'onTouched',
  });

  const invite = useMutation({
    mutationFn: (values: InviteValues) => inviteUser(tenant, person.id, values.email.trim(), person.username ?? null),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: resend ? t('messages.resent') : t('messages.invited') });
      onClose();
    },
    onError: (error) =>
      snackbar.show({ color: 'error', message: serverMessage(error, resend ? t('messages.resendFailed') : t('messages.inviteFailed'), t) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all(tenant) }),
  });
  const submit = handleSubmit((values) => invite.mutate(values));
  const title = resend ? t('invite.resendTitle', { name: personName(person) }) : t('invite.title', { name: personName(person) });

  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      loading={invite.isPending}
      cancelButton={{ onClick: onClose, label: t('form.cancel') }}
      actionButton={{ onClick: () => void submit(), label: resend ? t('invite.resend') : t('invite.send') }}
    >
      <Stack component="form" spacing={2} sx={{ pt: 1 }} noValidate onSubmit={submit} aria-label={title}>
        <DialogContentText>{resend ? t('invite.resendBody') : t('invite.body')}</DialogContentText>
        <TextField
          label={t('fields.email')}
          type="email"
          required
          autoComplete="off"
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={translateFieldError(t, formState.errors.email?.message)}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </AppDialog>
  );
}
