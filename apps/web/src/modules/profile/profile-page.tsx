import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { useSnackbar } from '../../shell/snackbar';
import { THEME_MODES } from '../../shell/theme';
import { useThemeMode } from '../../shell/theme-mode';
import { useOwnProfile } from '../../shell/theme-profile';
import type { Profile } from './api/profile-api';
import { ChangePassword } from './components/change-password';
import { Passkeys } from './components/passkeys';
import { ProfileEditDialog } from './components/profile-edit-dialog';
import { SignInContact } from './components/sign-in-contact';
import { TotpSetup } from './components/totp-setup';
import { isLanguage, saveLanguageOnServer, storeLanguage } from './language';
import { readTrades } from './trades';

/** Spec §2 /user-profile: the person's own record, preferences and sign-in security. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { query, tenant, cognitoUuid } = useOwnProfile();
  const [editing, setEditing] = useState(false);
  const profile = query.data;
  const { show } = useSnackbar();
  const failed = query.isError;
  useEffect(() => {
    if (failed) show({ message: t('messages.fetchFailed'), color: 'error' });
  }, [failed, show, t]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h2">
        {t('page.heading')}
      </Typography>

      <Card variant="outlined" component="section" aria-labelledby="profile-personal">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
            <Typography id="profile-personal" variant="h6" component="h3">
              {t('sections.personal')}
            </Typography>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={!profile}>
              {t('page.edit')}
            </Button>
          </Stack>
          {query.isPending && query.fetchStatus !== 'idle' ? (
            <LinearProgress aria-label={t('page.loading')} />
          ) : query.isError ? (
            <RetryAlert retryLabel={t('page.retry')} onRetry={() => void query.refetch()}>
              {t('messages.fetchFailed')}
            </RetryAlert>
          ) : profile ? (
            <ProfileDetails profile={profile} />
          ) : (
            <Alert severity="warning">{t('page.noRecord')}</Alert>
          )}
        </CardContent>
      </Card>

      <ProfileSection id="profile-preferences" title={t('sections.preferences')}>
        <Preferences />
      </ProfileSection>

      <ProfileSection id="profile-contact" title={t('sections.contact')}>
        <SignInContact />
      </ProfileSection>

      <ProfileSection id="profile-security" title={t('sections.security')}>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <ChangePassword />
          <Passkeys />
          <TotpSetup />
        </Stack>
      </ProfileSection>

      {profile && tenant && cognitoUuid && (
        <ProfileEditDialog open={editing} onClose={() => setEditing(false)} profile={profile} tenant={tenant} cognitoUuid={cognitoUuid} />
      )}
    </Stack>
  );
}

/** A titled card of the profile page, named by its heading for screen readers. */
function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h3" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const notSet = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('page.notSet')}
    </Box>
  );
  const trades = readTrades(profile.trades);
  const address = [
    profile.street,
    profile.street2,
    [profile.city, [profile.state, profile.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join('\n');
  const birthdate = profile.birthdate
    ? new Date(`${profile.birthdate}T12:00:00`).toLocaleDateString(i18n.language, { dateStyle: 'long' })
    : null;
  const rows: [string, ReactNode][] = [
    [t('fields.firstname'), profile.firstname || notSet],
    [t('fields.lastname'), profile.lastname || notSet],
    [t('fields.email'), profile.email || notSet],
    [t('fields.cellphone'), profile.cellphone || notSet],
    [
      t('fields.address'),
      address ? (
        <Box key="address" sx={{ whiteSpace: 'pre-line' }}>
          {address}
        </Box>
      ) : (
        notSet
      ),
    ],
    [t('fields.birthdate'), birthdate ?? notSet],
    [
      t('fields.trades'),
      trades.length ? (
        <Stack key="trades" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {trades.map((trade) => (
            <Chip key={trade} label={trade} size="small" />
          ))}
        </Stack>
      ) : (
        notSet
      ),
    ],
  ];
  return (
    <Box
      component="dl"
      data-testid="profile-details"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: { xs: 0.5, sm: 1.5 }, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500, mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Preferences() {
  const { t, i18n } = useTranslation('profile');
  const { mode, setThemeMode } = useThemeMode();
  const { tenant, cognitoUuid } = useOwnProfile();
  const queryClient = useQueryClient();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('language.label')}
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          storeLanguage(language);
          void i18n.changeLanguage(language);
          // The server writes this person's notifications, e-mails and PDFs in it too: what it wrote is read again.
          void saveLanguageOnServer(tenant, cognitoUuid, language).then(() => queryClient.invalidateQueries());
        }}
        sx={{ minWidth: 200 }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.app_theme')}
        value={mode}
        // The app bar's switcher and this one are the same setting, saved to the profile when it changes.
        onChange={(event) => void setThemeMode(event.target.value)}
        sx={{ minWidth: 200 }}
      >
        {THEME_MODES.map((theme) => (
          <MenuItem key={theme} value={theme}>
            {t(`themes.${theme}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
