import {
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigationKeys } from '../../app/navigation-query';
import { RetryAlert } from '../../components/retry-alert';
import { numberFormat } from '../../lib/intl';
import { useSnackbar } from '../../shell/snackbar';
import { companyKeys } from './api/keys';
import { setModuleStatus } from './api/mutations';
import { subscriptionQueryOptions } from './api/queries';
import { BillingPanel } from './components/billing-panel';
import { useCatalogueText } from './components/catalogue-text';

/**
 * Spec §2 app-subscription (admins only): the company's billing with Stripe (issue 23), then its modules with their
 * plans and prices, each switched on or off for everyone in the company (a module off disappears from everyone's
 * navigation).
 */
export function AppSubscription({ tenant, openUrl }: { tenant: string; openUrl?: (url: string) => void }) {
  return (
    <Stack spacing={3}>
      <BillingPanel tenant={tenant} openUrl={openUrl} />
      <ModuleSwitches tenant={tenant} />
    </Stack>
  );
}

function ModuleSwitches({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const text = useCatalogueText();
  const data = useQuery(subscriptionQueryOptions(tenant));
  const money = numberFormat(i18n.language, { style: 'currency', currency: 'USD' });

  const toggle = useMutation({
    mutationFn: ({ modulesId, rowId, on }: { modulesId: number; rowId: number | undefined; on: boolean }) =>
      setModuleStatus(tenant, modulesId, rowId, on),
    onSuccess: (_result, { on }) =>
      snackbar.show({ color: 'success', message: on ? t('subscription.turnedOn') : t('subscription.turnedOff') }),
    onError: () => snackbar.show({ color: 'error', message: t('subscription.updateFailed') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.subscription(tenant) }),
        queryClient.invalidateQueries({ queryKey: navigationKeys.tenant(tenant) }),
      ]),
  });

  if (data.isPending) return <LinearProgress aria-label={t('subscription.loading')} />;
  if (data.isError) {
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => void data.refetch()}>
        {t('subscription.fetchFailed')}
      </RetryAlert>
    );
  }

  const { listModules, listTenantsModules, listPricing, listTenantsPricing, listModulesPricing } = data.data;
  const rowOf = new Map(listTenantsModules.map((row) => [row.modules_id, row]));
  const pricingOf = new Map(listPricing.map((pricing) => [pricing.id, pricing]));
  const subscribed = new Set(listTenantsPricing.filter((row) => row.status === 1).map((row) => row.pricing_id));
  const plansOf = (modulesId: number) =>
    listModulesPricing
      .filter((link) => link.modules_id === modulesId)
      .map((link) => pricingOf.get(link.pricing_id))
      .filter((pricing) => pricing !== undefined);
  // A module without a row of its own is on: companies start with every module (createTenant).
  const isOn = (modulesId: number) => (rowOf.get(modulesId)?.status ?? 1) === 1;
  const monthly = listPricing
    .filter((pricing) => listModules.some((module) => isOn(module.id) && plansOf(module.id).some((plan) => plan.id === pricing.id)))
    .reduce((sum, pricing) => sum + pricing.price, 0);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('subscription.intro')}</Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('subscription.modules')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('subscription.module')}</TableCell>
              <TableCell>{t('subscription.plan')}</TableCell>
              <TableCell align="right">{t('subscription.price')}</TableCell>
              <TableCell align="right">{t('subscription.on')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {listModules.map((module) => {
              const plans = plansOf(module.id);
              const title = text.moduleTitle(module);
              const on = isOn(module.id);
              return (
                <TableRow key={module.id} hover>
                  <TableCell component="th" scope="row">
                    {title}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {plans.map((plan) => (
                        <Chip
                          key={plan.id}
                          size="small"
                          variant={subscribed.has(plan.id) ? 'filled' : 'outlined'}
                          label={text.pricingTitle(plan)}
                        />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    {plans.length === 0
                      ? '—'
                      : plans.map((plan) => (plan.price === 0 ? t('subscription.included') : money.format(plan.price))).join(', ')}
                  </TableCell>
                  <TableCell align="right">
                    <Switch
                      checked={on}
                      disabled={toggle.isPending && toggle.variables?.modulesId === module.id}
                      onChange={(event) =>
                        toggle.mutate({ modulesId: module.id, rowId: rowOf.get(module.id)?.id, on: event.target.checked })
                      }
                      slotProps={{ input: { 'aria-label': t('subscription.toggle', { module: title }) } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography sx={{ alignSelf: 'flex-end', fontWeight: 600 }}>
        {t('subscription.monthly', { amount: money.format(monthly) })}
      </Typography>
    </Stack>
  );
}
