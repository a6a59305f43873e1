import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid, LoadingRows, LoadMoreButton, SHRINKING_CARD_COLUMNS } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { useSnackbar } from '../../../shell/snackbar';
import { type Receipt, receiptPagesQueryOptions } from '../api/queries';
import type { ReceiptFilters } from '../lib/filters';
import { ReceiptCard } from './receipt-card';
import type { ReceiptLookups } from './use-receipt-lookups';

interface ReceiptCardsProps {
  tenant: string;
  filters: ReceiptFilters;
  lookups: ReceiptLookups;
  showPerson: boolean;
  onOpen: (receipt: Receipt) => void;
  /** With filters in use, the empty state says nothing matches them and offers to clear them. */
  onClearFilters?: () => void;
}

/** Receipts as cards, newest first, 20 at a time with "Load more"; a loading skeleton and an empty state. */
export function ReceiptCards({ tenant, filters, lookups, showPerson, onOpen, onClearFilters }: ReceiptCardsProps) {
  const { t } = useTranslation('receipts');
  const snackbar = useSnackbar();
  const pages = useInfiniteQuery(receiptPagesQueryOptions(tenant, filters));
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: t('messages.fetchError') });
  }, [pages.isError, snackbar, t]);
  const receipts = pages.data?.pages.flatMap((p) => p.items) ?? [];

  if (pages.isPending) {
    return <LoadingRows label={t('list.loading')} height={88} />;
  }
  if (pages.isError && receipts.length === 0) {
    return (
      <RetryAlert retryLabel={t('list.retry')} onRetry={() => void pages.refetch()}>
        {t('messages.fetchError')}
      </RetryAlert>
    );
  }
  if (receipts.length === 0) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }} data-testid="receipts-empty">
        <Box sx={{ width: 72, height: 72, borderRadius: '50%', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          <ReceiptLongIcon sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden />
        </Box>
        <Typography variant="h6" component="h2">
          {onClearFilters ? t('list.emptyFilteredTitle') : t('list.emptyTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
          {onClearFilters ? t('list.emptyFilteredBody') : t('list.emptyBody')}
        </Typography>
        {onClearFilters && (
          <Button variant="outlined" onClick={onClearFilters}>
            {t('filters.clearAll')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={1.5}>
      <CardGrid label={t('list.label')} columns={SHRINKING_CARD_COLUMNS}>
        {receipts.map((r) => (
          <Box component="li" key={r.id}>
            <ReceiptCard receipt={r} jobName={lookups.jobName(r.jobs_id, r.job_label)} showPerson={showPerson} onOpen={() => onOpen(r)} />
          </Box>
        ))}
      </CardGrid>
      {pages.hasNextPage && (
        <LoadMoreButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('list.loadMore')}
        </LoadMoreButton>
      )}
    </Stack>
  );
}
