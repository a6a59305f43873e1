import { Alert, Button, LinearProgress, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../auth/auth-card';
import { takeReturnRoute, writeSelectedTenant } from '../auth/auth-storage';
import { CLAIMS_QUERY_KEY, useClaims, useSignOut } from '../auth/session';
import { identityCall } from '../lib/identity-client';
import { CreateCompanyLink } from '../modules/company/create-company-link';
import { pendingJoinRoute } from '../modules/join/join-storage';
import { PendingJoins, usePendingJoins } from '../modules/join/pending-joins';

/** Spec §2 /select-tenant: choose the company to work in, then the remembered route or /dashboard. */
export function SelectTenantPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const claims = useClaims();
  const [selecting, setSelecting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [signOutFailed, setSignOutFailed] = useState(false);

  // Signed up or in from a company's join page (issue 26): back there to finish asking to join.
  useEffect(() => {
    const join = pendingJoinRoute();
    if (join) router.history.replace(join);
  }, [router]);

  const choose = async (tenantUuid: string) => {
    setSelecting(tenantUuid);
    setError(null);
    try {
      const updated = await identityCall('SelectTenant', { tenant_uuid: tenantUuid });
      writeSelectedTenant(tenantUuid);
      queryClient.setQueryData(CLAIMS_QUERY_KEY, updated);
      router.history.push(takeReturnRoute() ?? '/dashboard');
    } catch {
      setError(t('messages.selectTenant'));
      setSelecting(null);
    }
  };

  const tenants = claims.data?.['custom:tenants'] ?? [];
  // Companies they asked to join through a link and that have not answered yet (issue 26): shown, not chosen.
  const pending = usePendingJoins(claims.data?.['custom:cognito_uuid']);
  const waiting = pending.data ?? [];

  return (
    <AuthCard title={t('tenant.title')}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {signOutFailed && (
        <Alert severity="error" role="alert">
          {t('messages.signOut')}
        </Alert>
      )}
      {claims.isPending ? (
        <LinearProgress aria-label={t('tenant.loading')} />
      ) : claims.isError ? (
        <Alert severity="error">{t('messages.fetchAuthUser')}</Alert>
      ) : tenants.length === 0 ? (
        // Someone waiting for approval is told that instead (below), not that they belong nowhere.
        pending.isLoading || waiting.length > 0 ? null : (
          <Typography>{t('tenant.none')}</Typography>
        )
      ) : (
        <Stack spacing={1}>
          <Typography>{t('tenant.body')}</Typography>
          <List aria-label={t('tenant.title')}>
            {tenants.map((tenant) => (
              <ListItemButton
                key={tenant.tenant_uuid}
                onClick={() => choose(tenant.tenant_uuid)}
                disabled={selecting !== null}
                selected={selecting === tenant.tenant_uuid}
                divider
              >
                <ListItemText
                  primary={tenant.company}
                  secondary={selecting === tenant.tenant_uuid ? t('tenant.selecting', { company: tenant.company }) : undefined}
                />
              </ListItemButton>
            ))}
          </List>
        </Stack>
      )}
      {!claims.isPending && !claims.isError && <PendingJoins pending={waiting} failed={pending.isError} />}
      {/* Issue 4: someone without a company (or starting another) creates one. */}
      <CreateCompanyLink />
      <Button
        variant="text"
        color="secondary"
        onClick={async () => {
          const { ok } = await signOut();
          if (!ok) setSignOutFailed(true);
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('tenant.signOut')}
      </Button>
    </AuthCard>
  );
}
