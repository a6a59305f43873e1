import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ArchiveToggleButton } from '../../components/archive-toggle-button';
import { fileUrl } from '../../components/files/upload-file';
import type { Order } from './api';
import { OrderStatusChips } from './order-status';

/** An existing order's dialog header: its status, its PDF, duplicate, and archive or restore. */
export function OrderDialogHeader({
  order,
  busy,
  mayChange,
  archived,
  onDuplicate,
  onArchive,
}: {
  order: Order;
  busy: boolean;
  mayChange: boolean;
  archived: boolean;
  onDuplicate: () => void;
  onArchive: () => void;
}) {
  const { t } = useTranslation('ordering');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <OrderStatusChips order={order} />
      <Box sx={{ flexGrow: 1 }} />
      {order.pdf_uuid && (
        <Button size="small" startIcon={<PictureAsPdfIcon />} href={fileUrl(order.pdf_uuid)} target="_blank" rel="noopener">
          {t('dialog.pdf')}
        </Button>
      )}
      <Button size="small" startIcon={<ContentCopyIcon />} disabled={busy} onClick={onDuplicate}>
        {t('dialog.duplicate')}
      </Button>
      {mayChange && (
        <ArchiveToggleButton
          archived={archived}
          disabled={busy}
          onClick={onArchive}
          archiveLabel={t('dialog.archive')}
          restoreLabel={t('dialog.restore')}
        />
      )}
    </Stack>
  );
}
