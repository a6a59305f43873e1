import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Order } from './api';

/** Archived, not sent, sent or acknowledged by the vendor: what the office needs to see at a glance. */
export function OrderStatusChips({ order }: { order: Pick<Order, 'status' | 'sent_on' | 'acknowledged_on'> }) {
  const { t } = useTranslation('ordering');
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap' }}>
      {order.status !== 1 && <Chip size="small" label={t('orders.archivedChip')} />}
      {order.acknowledged_on ? (
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label={t('orders.acknowledged')} />
      ) : order.sent_on ? (
        <Chip size="small" icon={<SendIcon />} label={t('orders.sent')} />
      ) : (
        <Chip size="small" variant="outlined" label={t('orders.draft')} />
      )}
    </Stack>
  );
}
