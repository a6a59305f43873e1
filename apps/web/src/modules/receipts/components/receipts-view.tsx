import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { CreateFab } from '../../../components/page-header';
import { TenantGate } from '../../../components/tenant-gate';
import { useDesktop } from '../../../components/use-desktop';
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
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantReceipts tenant={tenant} />}</TenantGate>;
}

type Open = { kind: 'add' } | { kind: 'receipt'; receipt: Receipt } | null;

function TenantReceipts({ tenant }: { tenant: string }) {
  const { t } = useTranslation('receipts');
  const desktop = useDesktop();
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
          {!desktop && canAdd && <CreateFab icon={AddAPhotoIcon} label={t('list.add')} onClick={() => setOpen({ kind: 'add' })} />}
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
