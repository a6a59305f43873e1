import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import type { Receipt } from '../api/queries';
import { formatMoney } from '../lib/money';

/** The receipt's first picture as a square thumbnail, a PDF mark, or a receipt mark when it has no file. */
export function ReceiptThumb({ receipt, size = 64 }: { receipt: Receipt; size?: number }) {
  const image = receipt.files.find((f) => f.thumbnail_base64);
  const pdf = receipt.files.length > 0 && !image;
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
      }}
    >
      {image?.thumbnail_base64 ? (
        <Box
          component="img"
          src={image.thumbnail_base64}
          alt=""
          data-testid="receipt-thumbnail"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : pdf ? (
        <PictureAsPdfIcon color="error" aria-hidden />
      ) : (
        <ReceiptLongIcon aria-hidden />
      )}
    </Box>
  );
}

interface ReceiptCardProps {
  receipt: Receipt;
  jobName: string;
  showPerson?: boolean;
  onOpen: () => void;
}

/** A receipt on a phone: thumbnail, vendor, job, date and amount. */
export function ReceiptCard({ receipt, jobName, showPerson, onOpen }: ReceiptCardProps) {
  const { t, i18n } = useTranslation('receipts');
  const title = receipt.vendor || t('list.noVendor');
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="receipt-card">
      <CardActionArea onClick={onOpen} sx={{ p: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ReceiptThumb receipt={receipt} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {receipt.splits.length > 0 ? t('list.splitJobs', { count: receipt.splits.length }) : jobName || t('list.noJob')}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {formatDay(receipt.receipt_date, i18n.language)}
              {showPerson && receipt.employee_name ? ` · ${receipt.employee_name}` : ''}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="receipt-amount">
              {formatMoney(receipt.amount_cents, i18n.language)}
            </Typography>
            {receipt.status !== 1 && <Chip size="small" label={t('status.archived')} />}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** Active or archived, as a coloured dot beside the word (the word carries the meaning, the dot the glance). */
export function StatusLabel({ status }: { status: number }) {
  const { t } = useTranslation('receipts');
  const active = status === 1;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} component="span">
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: active ? 'success.main' : 'text.disabled' }}
      />
      <Typography component="span" variant="body2">
        {active ? t('status.active') : t('status.archived')}
      </Typography>
    </Stack>
  );
}
