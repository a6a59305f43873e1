import { BILLING_MESSAGES } from '@groundwork/core/billing';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { billingStatusKeys } from '../../../app/billing-status-query';
import { RetryAlert } from '../../../components/retry-alert';
import { dateFormat, numberFormat } from '../../../lib/intl';
import { useSnackbar } from '../../../shell/snackbar';
import { createBillingCheckout, createBillingPortal, type StripeOverview, stripeQueryOptions } from '../api/billing';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  paused: 'warning',
  unpaid: 'error',
  canceled: 'error',
  incomplete_expired: 'error',
};

const openInPage = (url: string) => window.location.assign(url);

/**
 * The company's Stripe billing on the app-subscription settings (issue 23): status, plan, active users, next
 * invoice and card on file; 'Subscribe' opens Stripe Checkout and 'Manage billing' Stripe's customer portal.
 * Without Stripe keys it says billing is not configured (nothing is blocked then).
 */
export function BillingPanel({ tenant, openUrl = openInPage }: { tenant: string; openUrl?: (url: string) => void }) {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const data = useQuery(stripeQueryOptions(tenant));
  const snackbar = useSnackbar();
  const go = useMutation({
    mutationFn: (kind: 'checkout' | 'portal') => (kind === 'checkout' ? createBillingCheckout(tenant) : createBillingPortal(tenant)),
    onSuccess: (url) => openUrl(url),
    onError: () => snackbar.show({ color: 'error', message: t('billing.openFailed') }),
  });

  // What this screen read is the freshest word on whether the company is blocked: the page guard uses it too.
  const overview = data.data;
  useEffect(() => {
    if (!overview) return;
    const { configured, status, blocked } = overview;
    queryClient.setQueryData(billingStatusKeys.tenant(tenant), { configured, status, blocked });
  }, [overview, queryClient, tenant]);

  if (data.isPending) return <LinearProgress aria-label={t('billing.loading')} />;
  if (data.isError) {
    const notReady = data.error.message === BILLING_MESSAGES.apiNotReady;
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => void data.refetch()}>
        {notReady ? t('billing.apiNotReady') : t('billing.fetchFailed')}
      </RetryAlert>
    );
  }
  const o = data.data;
  if (!o.configured) {
    return (
      <Alert severity="info" title={t('billing.notConfigured')}>
        <strong>{t('billing.notConfigured')}</strong> {t('billing.notConfiguredBody')}
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('billing.title')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h3" variant="h6">
            {t('billing.title')}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOR[o.status ?? ''] ?? 'default'}
            label={t(`billing.status.${o.status ?? 'none'}`, { defaultValue: o.status ?? '' })}
          />
        </Stack>
        {o.blocked && <Alert severity="error">{t('billing.blocked')}</Alert>}
        <Facts o={o} />
        <Stack direction="row" spacing={1}>
          {o.can_subscribe && (
            <Button variant="contained" disabled={go.isPending} onClick={() => go.mutate('checkout')}>
              {t('billing.subscribe')}
            </Button>
          )}
          {o.can_manage && (
            <Button variant={o.can_subscribe ? 'outlined' : 'contained'} disabled={go.isPending} onClick={() => go.mutate('portal')}>
              {t('billing.manage')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Facts({ o }: { o: StripeOverview }) {
  const { t, i18n } = useTranslation('company');
  const money = (cents: number | null | undefined, currency: string | null | undefined) =>
    cents == null
      ? null
      : numberFormat(i18n.language, { style: 'currency', currency: (currency ?? 'usd').toUpperCase() }).format(cents / 100);
  const day = (iso: string | null | undefined) => (iso ? dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)) : null);
  const price = money(o.amount, o.currency);
  const next = money(o.next_invoice_amount, o.next_invoice_currency);
  const facts: [string, string | null][] = [
    [
      t('billing.plan'),
      o.plan
        ? price
          ? t('billing.planPrice', {
              plan: o.plan,
              price,
              interval: t(`billing.interval.${o.interval ?? 'month'}`, { defaultValue: o.interval ?? '' }),
            })
          : o.plan
        : null,
    ],
    [t('billing.activeUsers'), String(o.active_users)],
    [t('billing.nextInvoice'), next ? t('billing.nextInvoiceOn', { amount: next, date: day(o.next_invoice_date) ?? '—' }) : null],
    [o.cancel_at_period_end ? t('billing.endsOn') : t('billing.renewsOn'), day(o.current_period_end)],
    [
      t('billing.card'),
      o.card_last4 ? t('billing.cardOnFile', { brand: o.card_brand ?? '', last4: o.card_last4, exp: o.card_exp ?? '' }) : null,
    ],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value ?? t('billing.none')}
          </Typography>
        </Box>
      ))}
      {o.next_invoice_lines.length > 0 && (
        <>
          <Typography component="dt" color="text.secondary">
            {t('billing.paysFor')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {o.next_invoice_lines.map((line) => (
              <Typography key={`${line.description}-${line.amount}`} variant="body2">
                {line.description} · {money(line.amount, o.next_invoice_currency)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
