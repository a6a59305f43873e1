import { Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { TenantGate } from '../../components/tenant-gate';
import { fetchTree, fetchVendors, orderingKeys } from './api';
import { Items } from './inventory-items';
import { Tree } from './inventory-tree';
import { Vendors } from './inventory-vendors';

type TabKey = 'items' | 'vendors' | 'types';

/** /modules/inventory: the item catalogue, its vendors, types and classes. Ordering admins keep them; others look things up. */
export function InventoryPage() {
  const { t } = useTranslation('ordering');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <Catalogue tenant={tenant} />}</TenantGate>;
}

function Catalogue({ tenant }: { tenant: string }) {
  const { t } = useTranslation('ordering');
  const admin = useCan('catalogue', 'write');
  const seesVendors = useCan('vendors', 'read');
  const vendorAdmin = useCan('vendors', 'write');
  const [tab, setTab] = useState<TabKey>('items');
  const tree = useQuery({ queryKey: orderingKeys.tree(tenant), queryFn: () => fetchTree(tenant), staleTime: 5 * 60_000 });
  const vendors = useQuery({
    queryKey: orderingKeys.vendors(tenant),
    queryFn: () => fetchVendors(tenant),
    enabled: seesVendors,
    staleTime: 5 * 60_000,
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {t('inventory.title')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label={t('inventory.title')} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="items" label={t('inventory.items')} />
        {seesVendors && <Tab value="vendors" label={t('inventory.vendors')} />}
        <Tab value="types" label={t('inventory.types')} />
      </Tabs>
      {tab === 'items' && (
        <Items
          tenant={tenant}
          admin={admin}
          vendors={vendors.data ?? []}
          types={tree.data?.types ?? []}
          classes={tree.data?.classes ?? []}
        />
      )}
      {tab === 'vendors' && <Vendors tenant={tenant} admin={vendorAdmin} vendors={vendors.data} failed={vendors.isError} />}
      {tab === 'types' && <Tree tenant={tenant} admin={admin} types={tree.data?.types ?? []} classes={tree.data?.classes ?? []} />}
    </Stack>
  );
}
