import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileGallery } from '../../../components/files/file-gallery';
import { formatDay } from '../../../lib/dates';
import { AppDialog } from '../../../shell/app-dialog';
import type { Receipt } from '../api/queries';
import { formatMoney } from '../lib/money';
import type { ReceiptLookups } from './use-receipt-lookups';

/** A receipt as its owner sees it after adding it: the pictures and what was entered (admins correct it). */
export function ReceiptDetails({ receipt, lookups, onClose }: { receipt: Receipt; lookups: ReceiptLookups; onClose: () => void }) {
  const { t, i18n } = useTranslation('receipts');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const rows: [string, string][] = [
    [t('form.date'), formatDay(receipt.receipt_date, i18n.language)],
    [t('form.amount'), money(receipt.amount_cents)],
    ...(receipt.splits.length === 0
      ? ([[t('form.job'), lookups.jobName(receipt.jobs_id, receipt.job_label) || '—']] as [string, string][])
      : []),
    ...(receipt.vendor ? ([[t('form.vendor'), receipt.vendor]] as [string, string][]) : []),
    ...(receipt.tax_cents != null ? ([[t('form.tax'), money(receipt.tax_cents)]] as [string, string][]) : []),
    ...(receipt.costcodes_id && receipt.splits.length === 0
      ? ([[t('form.costcode'), lookups.codeName(receipt.costcodes_id)]] as [string, string][])
      : []),
    ...(receipt.payment_method
      ? ([[t('form.paymentMethod'), t(`payment.${receipt.payment_method}` as 'payment.card')]] as [string, string][])
      : []),
    ...(receipt.notes ? ([[t('form.notes'), receipt.notes]] as [string, string][]) : []),
  ];
  return (
    <AppDialog
      open
      onClose={onClose}
      title={receipt.vendor || t('list.noVendor')}
      cancelButton={{ onClick: onClose, label: t('dialog.close') }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {receipt.status !== 1 && <Chip label={t('status.archived')} sx={{ alignSelf: 'flex-start' }} />}
        <FileGallery files={receipt.files} label={t('form.photos')} />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {receipt.splits.length > 0 && (
          <>
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('split.title')}
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {receipt.splits.map((s) => (
                <Stack component="li" key={s.id} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2">
                    {lookups.jobName(s.jobs_id)}
                    {s.costcodes_id ? ` · ${lookups.codeName(s.costcodes_id)}` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {money(s.amount_cents)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
