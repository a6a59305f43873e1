import CloseIcon from '@mui/icons-material/Close';
import SettingsIcon from '@mui/icons-material/Settings';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import { Box, Card, CardActionArea, CardContent, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompanyAdmin, SUBSCRIPTION_CANCELLED_DIALOG } from '../../app/access';
import { navigationIcon } from '../../app/navigation-icons';
import { useClaims } from '../../auth/session';
import { readSelectedTenantUuid } from '../../lib/storage';
import { ButtonLink } from '../../shell/links';
import { useNavigationItems } from '../../shell/navigation';
import { PinnedAnnouncement } from '../announcements/pinned-announcement';
import { DashboardCards } from './dashboard-cards';
import { type DashboardSearch, openSettingsComponent, type SettingsComponent } from './search';
import { SubscriptionCancelledDialog } from './subscription-cancelled-dialog';

// Admin screens: only admins download them.
const CompanySetup = lazy(() => import('../company/components/company-setup').then((m) => ({ default: m.CompanySetup })));
const AppSubscription = lazy(() => import('../company/components/app-subscription').then((m) => ({ default: m.AppSubscription })));

const SETTINGS_DIALOGS = ['accounting-system-dialog', 'timecard-system-dialog'];

export function DashboardPage() {
  const search = useSearch({ strict: false }) as DashboardSearch;
  const claims = useClaims().data;
  const tenant = readSelectedTenantUuid();
  const component = openSettingsComponent(search);
  // Non-admins never get here with a component (the route refuses them first); this is the belt to that brace.
  const admin = isCompanyAdmin(claims);
  if (tenant && component && admin) return <SettingsPanel tenant={tenant} component={component} />;
  // Spec §2: non-admins get the dialog; admins were sent to the subscription settings by the route.
  const cancelled = claims && !admin && search.dialog === SUBSCRIPTION_CANCELLED_DIALOG;
  return (
    <>
      <Overview />
      {cancelled && <SubscriptionCancelledDialog />}
    </>
  );
}

function Overview() {
  const { t } = useTranslation('dashboard');
  const claims = useClaims().data;
  const tenant = readSelectedTenantUuid();
  const company = claims?.['custom:tenants'].find((entry) => entry.tenant_uuid === tenant)?.company;
  const items = (useNavigationItems() ?? []).filter((item) => item.path !== '/dashboard');
  const admin = isCompanyAdmin(claims);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          {company ?? t('overview.title')}
        </Typography>
        <Typography color="text.secondary">{t('overview.subtitle')}</Typography>
      </Box>

      {tenant && <PinnedAnnouncement tenant={tenant} />}

      {tenant && <DashboardCards tenant={tenant} />}

      {admin && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <ButtonLink
            to="/dashboard"
            search={{ settings: true, component: 'company-setup' } as never}
            variant="outlined"
            startIcon={<SettingsIcon />}
          >
            {t('overview.companySetup')}
          </ButtonLink>
          <ButtonLink
            to="/dashboard"
            search={{ settings: true, component: 'app-subscription' } as never}
            variant="outlined"
            startIcon={<SubscriptionsIcon />}
          >
            {t('overview.subscription')}
          </ButtonLink>
        </Stack>
      )}

      <Stack component="section" spacing={1.5} aria-labelledby="dashboard-areas-heading">
        <Typography id="dashboard-areas-heading" variant="h6" component="h3">
          {t('overview.areas')}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('overview.noAreas')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
          >
            {items.map((item) => {
              const Icon = navigationIcon(item.icon, item.path);
              return (
                <Box component="li" key={item.path}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={item.path as never} sx={{ height: '100%' }}>
                      <CardContent>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Icon color="primary" aria-hidden />
                          <Typography component="span" sx={{ fontWeight: 500 }}>
                            {item.title}
                          </Typography>
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Box>
              );
            })}
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

function SettingsPanel({ tenant, component }: { tenant: string; component: SettingsComponent }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const close = useCallback(
    () =>
      void navigate({
        to: '/dashboard',
        search: ((previous: DashboardSearch) => {
          const { settings: _settings, component: _component, ...rest } = previous;
          if (typeof rest.dialog === 'string' && SETTINGS_DIALOGS.includes(rest.dialog)) delete rest.dialog;
          return rest;
        }) as never,
      }),
    [navigate],
  );
  const title = component === 'company-setup' ? t('settings.companySetup') : t('settings.subscription');

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-panel-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="settings-panel-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('settings.close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Suspense fallback={<LinearProgress aria-label={t('settings.loading')} />}>
        {component === 'company-setup' ? <CompanySetup tenant={tenant} /> : <AppSubscription tenant={tenant} />}
      </Suspense>
    </Paper>
  );
}
