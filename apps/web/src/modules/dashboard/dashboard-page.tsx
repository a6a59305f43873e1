import CloseIcon from '@mui/icons-material/Close';
import SettingsIcon from '@mui/icons-material/Settings';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import { Box, Card, CardActionArea, CardContent, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompanyAdmin, SUBSCRIPTION_CANCELLED_DIALOG } from '../../app/access';
import { navigationIcon } from '../../app/navigation-icons';
import { useCan } from '../../app/use-can';
import { useClaims } from '../../auth/session';
import { localToday } from '../../lib/dates';
import { useTenant } from '../../lib/storage';
import { ButtonLink } from '../../shell/links';
import { useNavigationItems } from '../../shell/navigation';
import { currentAnnouncementsOptions } from '../announcements/api';
import { PinnedAnnouncement } from '../announcements/pinned-announcement';
import { DashboardCards } from './dashboard-cards';
import { dashboardQueryOptions } from './queries';
import { type DashboardSearch, openSettingsComponent, type SettingsComponent } from './search';

// Admin screens: only admins download them.
const CompanySetup = lazy(() => import('../company/company-setup').then((m) => ({ default: m.CompanySetup })));
// Shown only while a company's subscription is cancelled: loaded then (issue 28).
const SubscriptionCancelledDialog = lazy(() =>
  import('./subscription-cancelled-dialog').then((m) => ({ default: m.SubscriptionCancelledDialog })),
);
const AppSubscription = lazy(() => import('../company/app-subscription').then((m) => ({ default: m.AppSubscription })));

const SETTINGS_DIALOGS = ['accounting-system-dialog', 'timecard-system-dialog'];

export function DashboardPage() {
  const search = useSearch({ strict: false }) as DashboardSearch;
  const claims = useClaims().data;
  const tenant = useTenant();
  const component = openSettingsComponent(search);
  // Non-admins never get here with a component (the route refuses them first); this is the belt to that brace.
  const admin = isCompanyAdmin(claims);
  if (tenant && component && admin) return <SettingsPanel tenant={tenant} component={component} />;
  // Spec §2: non-admins get the dialog; admins were sent to the subscription settings by the route.
  const cancelled = claims && !admin && search.dialog === SUBSCRIPTION_CANCELLED_DIALOG;
  return (
    <>
      <Overview />
      {cancelled && (
        <Suspense fallback={null}>
          <SubscriptionCancelledDialog />
        </Suspense>
      )}
    </>
  );
}

function Overview() {
  const { t } = useTranslation('dashboard');
  const claims = useClaims().data;
  const tenant = useTenant();
  const company = claims?.['custom:tenants'].find((entry) => entry.tenant_uuid === tenant)?.company;
  const items = (useNavigationItems() ?? []).filter((item) => item.path !== '/dashboard');
  const admin = isCompanyAdmin(claims);
  const settled = useLiveDataSettled(tenant);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          {company ?? t('overview.title')}
        </Typography>
        <Typography color="text.secondary">{t('overview.subtitle')}</Typography>
      </Box>

      {/* The numbers first: their place is known from the first paint (placeholders of the same size), while the
          pinned announcement may or may not come; arriving under them, it moves nothing above it (issue 28). */}
      {tenant && <DashboardCards tenant={tenant} />}

      {tenant && <PinnedAnnouncement tenant={tenant} />}

      {settled && admin && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <ButtonLink
            to="/dashboard"
            search={{ settings: true, component: 'company-setup' }}
            variant="outlined"
            startIcon={<SettingsIcon />}
          >
            {t('overview.companySetup')}
          </ButtonLink>
          <ButtonLink
            to="/dashboard"
            search={{ settings: true, component: 'app-subscription' }}
            variant="outlined"
            startIcon={<SubscriptionsIcon />}
          >
            {t('overview.subscription')}
          </ButtonLink>
        </Stack>
      )}

      {settled && (
        <Stack component="section" spacing={1.5} aria-labelledby="dashboard-areas-heading">
          <Typography id="dashboard-areas-heading" variant="h6" component="h3">
            {t('overview.areas')}
          </Typography>
          {items.length === 0 ? (
            <Typography color="text.secondary">{t('overview.noAreas')}</Typography>
          ) : (
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
              }}
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
      )}
    </Stack>
  );
}

/**
 * Whether the live parts (the numbers and the pinned announcement, which may or may not come) have their answers.
 * What follows them waits until then and arrives once, so nothing on screen is pushed down as they come (issue 28).
 */
function useLiveDataSettled(tenant: string | null): boolean {
  const reader = useCan('announcements', 'read');
  const cards = useQuery({ ...dashboardQueryOptions(tenant ?? '', localToday()), enabled: Boolean(tenant) });
  const pinned = useQuery({ ...currentAnnouncementsOptions(tenant ?? ''), enabled: Boolean(tenant) && reader });
  // Only a request on its way holds them: with no signal (paused) or nothing to ask, they show at once.
  const loading = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'fetching';
  return !loading(cards) && !loading(pinned);
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
