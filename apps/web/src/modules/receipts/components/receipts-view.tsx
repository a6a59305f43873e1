import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Alert, Button, Fab, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { useTenant } from '../../../lib/storage';
import type { Receipt } from '../api/queries';
import { activeFilterCount, DEFAULT_FILTERS } from '../lib/filters';
import { ReceiptCards } from './receipt-cards';
import { ReceiptDetails } from './receipt-details';
import { ReceiptDialog } from './receipt-dialog';
import { ReceiptFilterSheet } from './receipt-filter-sheet';
import { ReceiptsGrid } from './receipts-grid';
import { useReceiptFilters } from './use-receipt-filters';
import { useReceiptLookups } from './use-receipt-lookups';

export function ReceiptsView() {
  const { t } = useTranslation('receipts');
  const tenant = useTenant();
  if (!tenant) return <Alert severity="info">{t('noTenant')}</Alert>;
  return <TenantReceipts tenant={tenant} />;
}

type Open = { kind: 'add' } | { kind: 'receipt'; receipt: Receipt } | null;

function TenantReceipts({ tenant }: { tenant: string }) {
  const { t } = useTranslation('receipts');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // receipts_admin and admin_access see and change everyone's; receipts_basic adds and sees their own.
  const admin = useCan('receipts', 'write');
  const canAdd = useCan('receipts', 'create');
  const lookups = useReceiptLookups(tenant, { people: admin });
  // Everyone's receipts can be filtered; the filters are kept in the address (?person=&job=&from=&to=&status=).
  const { filters, setFilters } = useReceiptFilters(admin);
  const filtered = activeFilterCount(filters) > 0;
  const [open, setOpen] = useState<Open>(null);

  const addButton = canAdd ? (
    <Button variant="contained" size="large" startIcon={<AddAPhotoIcon />} onClick={() => setOpen({ kind: 'add' })}>
      {t('list.add')}
    </Button>
  ) : null;

  return (
    <Stack spacing={2} sx={{ pb: desktop ? 0 : 10 }}>
      {admin && desktop ? (
        <ReceiptsGrid
          tenant={tenant}
          filters={filters}
          onFilters={setFilters}
          lookups={lookups}
          onOpen={(receipt) => setOpen({ kind: 'receipt', receipt })}
          actions={addButton}
        />
      ) : (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h2">
              {admin ? t('list.everyone') : t('list.mine')}
            </Typography>
            {admin && <ReceiptFilterSheet filters={filters} onApply={(next) => setFilters(next)} lookups={lookups} />}
            {desktop && addButton}
          </Stack>
          <ReceiptCards
            tenant={tenant}
            filters={filters}
            lookups={lookups}
            showPerson={admin}
            onOpen={(receipt) => setOpen({ kind: 'receipt', receipt })}
            onClearFilters={admin && filtered ? () => setFilters(DEFAULT_FILTERS) : undefined}
          />
          {!desktop && canAdd && (
            <Fab
              variant="extended"
              color="primary"
              onClick={() => setOpen({ kind: 'add' })}
              sx={{ position: 'fixed', right: 16, bottom: 'calc(16px + env(safe-area-inset-bottom))', zIndex: 'speedDial' }}
            >
              <AddAPhotoIcon sx={{ mr: 1 }} />
              {t('list.add')}
            </Fab>
          )}
        </>
      )}
      {open?.kind === 'add' && (
        <ReceiptDialog tenant={tenant} receipt={null} admin={admin} lookups={lookups} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'receipt' &&
        (admin ? (
          <ReceiptDialog
            key={open.receipt.id}
            tenant={tenant}
            receipt={open.receipt}
            admin
            lookups={lookups}
            onClose={() => setOpen(null)}
          />
        ) : (
          <ReceiptDetails receipt={open.receipt} lookups={lookups} onClose={() => setOpen(null)} />
        ))}
    </Stack>
  );
}
