import { MAX_PASSKEYS_PER_USER, type PasskeyEntry } from '@groundwork/core/identity';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import {
  Alert,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identityErrorMessage, passkeyErrorMessage } from '../../../auth/messages';
import { IdentityError, identityCall, isNetworkError } from '../../../lib/identity-client';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';

const PASSKEYS_QUERY_KEY = ['identity', 'passkeys'] as const;
const BROWSER_ERRORS = new Set(['NotAllowedError', 'AbortError', 'SecurityError', 'NotSupportedError', 'InvalidStateError']);

/** Spec §3: a passkey entry is shown by its deviceName, 'Unknown Device' when it has none. */
const deviceName = (t: TFunction<'profile'>, entry: PasskeyEntry) => entry.friendlyCredentialName?.trim() || t('passkeys.unknownDevice');

function registrationError(t: TFunction<'profile'>, tAuth: TFunction<'auth'>, error: unknown): string {
  if (error instanceof IdentityError || isNetworkError(error)) {
    if (error instanceof IdentityError && error.name !== 'TooManyRequestsException' && error.name !== 'LimitExceededException') {
      return t('passkeys.failed', { message: error.message });
    }
    return identityErrorMessage(tAuth, error);
  }
  // The browser's WebAuthn errors keep their names through @simplewebauthn/browser.
  const name = error instanceof Error ? error.name : '';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  if (BROWSER_ERRORS.has(name) || BROWSER_ERRORS.has(cause)) {
    return passkeyErrorMessage(tAuth, Object.assign(new Error(), { name: BROWSER_ERRORS.has(name) ? name : cause }));
  }
  return t('passkeys.failed', { message: error instanceof Error ? error.message : String(error) });
}

/** Spec §2 profile: the person's passkeys (ListWebAuthnCredentials), adding one and deleting one. */
export function Passkeys() {
  const { t, i18n } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const { show } = useSnackbar();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PasskeyEntry | null>(null);
  const supported = browserSupportsWebAuthn();

  const list = useQuery({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: async () => (await identityCall('ListWebAuthnCredentials', { maxResults: MAX_PASSKEYS_PER_USER })).credentials,
  });
  const passkeys = list.data ?? [];
  const atLimit = passkeys.length >= MAX_PASSKEYS_PER_USER;

  const add = useMutation({
    mutationFn: async () => {
      const { options } = await identityCall('StartWebAuthnRegistration', {});
      const credential = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      await identityCall('CompleteWebAuthnRegistration', { credential, ...(name.trim() ? { friendlyName: name.trim() } : {}) });
    },
    onMutate: () => setError(null),
    onSuccess: async () => {
      setName('');
      show({ message: t('passkeys.added'), color: 'success' });
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
    },
    onError: (caught) => setError(registrationError(t, tAuth, caught)),
  });

  const remove = useMutation({
    mutationFn: (entry: PasskeyEntry) => identityCall('DeleteWebAuthnCredential', { credentialId: entry.credentialId }),
    onMutate: () => setError(null),
    onSuccess: async () => {
      setToDelete(null);
      show({ message: t('passkeys.deleted'), color: 'success' });
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
    },
    onError: (caught) => {
      setToDelete(null);
      setError(identityErrorMessage(tAuth, caught));
    },
  });

  const dateOf = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="passkeys-title">
      <Typography id="passkeys-title" variant="subtitle1" component="h3">
        {t('passkeys.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.intro')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {list.isPending ? (
        <LinearProgress aria-label={t('passkeys.loading')} />
      ) : list.isError ? (
        <Alert severity="error">{t('passkeys.loadFailed')}</Alert>
      ) : passkeys.length === 0 ? (
        <Typography variant="body2">{t('passkeys.none')}</Typography>
      ) : (
        <List dense aria-labelledby="passkeys-title">
          {passkeys.map((entry) => {
            const label = deviceName(t, entry);
            return (
              <ListItem
                key={entry.credentialId}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={t('passkeys.delete', { name: label })} onClick={() => setToDelete(entry)}>
                    <DeleteOutlinedIcon />
                  </IconButton>
                }
              >
                <ListItemIcon>
                  <FingerprintIcon />
                </ListItemIcon>
                <ListItemText primary={label} secondary={t('passkeys.created', { date: dateOf(entry.createdAt) })} />
              </ListItem>
            );
          })}
        </List>
      )}
      {!supported ? (
        <Alert severity="info">{tAuth('passkey.notSupported')}</Alert>
      ) : atLimit ? (
        <Alert severity="info">{t('passkeys.limit', { count: MAX_PASSKEYS_PER_USER })}</Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextField
            label={t('passkeys.nameLabel')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 64 } }}
            size="small"
          />
          <Button type="submit" variant="outlined" startIcon={<FingerprintIcon />} loading={add.isPending}>
            {t('passkeys.add')}
          </Button>
        </Stack>
      )}
      <AppDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('passkeys.confirmTitle')}
        loading={remove.isPending}
        cancelButton={{ onClick: () => setToDelete(null) }}
        deleteButton={{ variant: 'contained', onClick: () => toDelete && remove.mutate(toDelete) }}
      >
        <Typography>{t('passkeys.confirmBody', { name: toDelete ? deviceName(t, toDelete) : '' })}</Typography>
      </AppDialog>
    </Stack>
  );
}
