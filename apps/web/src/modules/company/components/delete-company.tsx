import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaims, useSignOut } from '../../../auth/session';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { deleteTenant } from '../api/mutations';
import { readableErrorSx } from './readable-error';

/**
 * Spec §1/§4: an admin may delete the company account. It removes every record of the company, so the person
 * types their sign-in e-mail to confirm (the server checks it again); afterwards they are signed out.
 */
export function DeleteCompany({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const signOut = useSignOut();
  const claims = useClaims().data;
  const company = claims?.['custom:tenants'].find((entry) => entry.tenant_uuid === tenant)?.company ?? '';
  // Phone-only accounts have no e-mail; their sign-in name is what they confirm with.
  const expected = claims?.email ?? claims?.username ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = expected !== '' && typed.trim().toLowerCase() === expected.toLowerCase();

  const remove = useMutation({
    mutationFn: () => deleteTenant(tenant, typed.trim()),
    onSuccess: async () => {
      setOpen(false);
      await signOut();
    },
    onError: () => snackbar.show({ color: 'error', message: t('delete.failed') }),
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, borderColor: 'error.main' }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {t('delete.title')}
        </Typography>
        <Typography color="text.secondary">{t('delete.body', { company })}</Typography>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteForeverIcon />}
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('delete.button')}
        </Button>
      </Stack>
      <AppDialog
        open={open}
        onClose={() => !remove.isPending && setOpen(false)}
        title={t('delete.confirmTitle', { company })}
        loading={remove.isPending}
        cancelButton={{ onClick: () => setOpen(false) }}
        actionButton={{ label: t('delete.confirmButton'), color: 'error', onClick: () => matches && remove.mutate() }}
        actionButtonDisabled={!matches}
      >
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate();
          }}
        >
          <Alert severity="warning">{t('delete.warning', { company })}</Alert>
          <Typography>{t('delete.typeToConfirm', { email: expected })}</Typography>
          <TextField
            autoFocus
            label={t('delete.emailLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            helperText={typed && !matches ? t('delete.mismatch') : ' '}
            error={Boolean(typed) && !matches}
            sx={readableErrorSx}
          />
        </Stack>
      </AppDialog>
    </Paper>
  );
}
