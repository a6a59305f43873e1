import { formatCents, formatPoNumber } from '@groundwork/core/ordering';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { CardGrid, CardItem, EmptyState, PagedList } from '../../components/list-states';
import { ArchiveTabs, CreateFab, FilterRow, PageHeader } from '../../components/page-header';
import { RowGrid } from '../../components/row-grid';
import { TenantGate } from '../../components/tenant-gate';
import { useDesktop } from '../../components/use-desktop';
import { usePagedList } from '../../components/use-paged-list';
import { formatDay } from '../../lib/dates';
import { fetchOrders, linesOf, type Order, type OrderFilters, orderingKeys } from './api';
import { OrderDialog } from './order-dialog';
import { OrderStatusChips } from './order-status';

/** /modules/ordering: purchase orders. ordering_basic sees and creates their own; ordering admins see everyone's. */
export function OrderingPage() {
  const { t } = useTranslation('ordering');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <Orders tenant={tenant} />}</TenantGate>;
}

type Open = { order: Order | null } | null;

function Orders({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('ordering');
  const desktop = useDesktop();
  const admin = useCan('ordering', 'write');
  const canCreate = useCan('ordering', 'create');
  const [active, setActive] = useState(true);
  const [mine, setMine] = useState(false);
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const filters: OrderFilters = { active, mine: admin ? mine : false, search };
  const [open, setOpen] = useState<Open>(null);
  const { pages, items: orders } = usePagedList({
    queryKey: orderingKeys.orders(tenant, filters),
    fetchPage: (next) => fetchOrders(tenant, filters, next),
    errorMessage: t('messages.fetchOrders'),
  });
  const money = (cents: number) => formatCents(cents, i18n.language);

  const lang = i18n.language;
  const columns = useMemo<GridColDef<Order>[]>(() => {
    const money = (cents: number) => formatCents(cents, lang);
    return [
      { field: 'po_number', headerName: t('orders.po'), width: 100, sortable: false, valueFormatter: (v: number) => formatPoNumber(v) },
      { field: 'order_date', headerName: t('orders.date'), width: 130, sortable: false, valueFormatter: (v: string) => formatDay(v, lang) },
      { field: 'job_label', headerName: t('orders.job'), flex: 1.3, minWidth: 180, sortable: false },
      { field: 'vendor_name', headerName: t('orders.vendor'), flex: 1.2, minWidth: 170, sortable: false },
      ...(admin
        ? [{ field: 'employee_name', headerName: t('orders.by'), flex: 1, minWidth: 140, sortable: false } as GridColDef<Order>]
        : []),
      {
        field: 'total_cents',
        headerName: t('orders.total'),
        width: 130,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'status',
        headerName: t('orders.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <OrderStatusChips order={row} />
          </Box>
        ),
      },
    ];
  }, [t, admin, lang]);

  const newButton = canCreate ? (
    <Button variant="contained" startIcon={<AddShoppingCartIcon />} onClick={() => setOpen({ order: null })}>
      {t('orders.new')}
    </Button>
  ) : null;

  return (
    <Stack spacing={2} sx={{ pb: desktop ? 0 : 10 }}>
      <PageHeader title={admin ? t('orders.title') : t('orders.mine')}>{desktop && newButton}</PageHeader>
      <FilterRow>
        <ArchiveTabs
          active={active}
          onChange={setActive}
          label={t('orders.status')}
          activeLabel={t('orders.active')}
          archivedLabel={t('orders.archived')}
        />
        <TextField
          type="search"
          size="small"
          label={t('orders.searchLabel')}
          placeholder={t('orders.searchHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ minWidth: { md: 320 } }}
        />
        {admin && (
          <FormControlLabel control={<Switch checked={mine} onChange={(e) => setMine(e.target.checked)} />} label={t('orders.onlyMine')} />
        )}
      </FilterRow>
      <PagedList
        pages={pages}
        count={orders.length}
        texts={{ error: t('messages.fetchOrders'), retry: t('retry'), loading: t('loading'), loadMore: t('loadMore') }}
        rowHeight={desktop ? 52 : 96}
        empty={
          <EmptyState
            icon={ShoppingCartIcon}
            title={search ? t('orders.emptyFiltered') : t('orders.emptyTitle')}
            body={search ? undefined : t('orders.emptyBody')}
            spacing={1.5}
            testId="orders-empty"
          />
        }
      >
        {desktop ? (
          <RowGrid
            label={t('orders.label')}
            rows={orders}
            columns={columns}
            loading={pages.isFetching}
            onOpen={(order) => setOpen({ order })}
          />
        ) : (
          <CardGrid label={t('orders.label')}>
            {orders.map((o) => (
              <CardItem key={o.id} onOpen={() => setOpen({ order: o })} contentSx={{ display: 'grid', gap: 0.5 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {formatPoNumber(o.po_number)} · {o.vendor_name}
                  </Typography>
                  <Typography variant="subtitle1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(o.total_cents)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {[o.job_label, formatDay(o.order_date, i18n.language), t('orders.lines', { count: linesOf(o).length })]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {admin && o.employee_name && (
                  <Typography variant="body2" color="text.secondary">
                    {t('orders.by')}: {o.employee_name}
                  </Typography>
                )}
                <OrderStatusChips order={o} />
              </CardItem>
            ))}
          </CardGrid>
        )}
      </PagedList>
      {!desktop && canCreate && <CreateFab icon={AddShoppingCartIcon} label={t('orders.new')} onClick={() => setOpen({ order: null })} />}
      {open && (
        <OrderDialog
          key={open.order?.id ?? 'new'}
          tenant={tenant}
          order={open.order}
          mayChange
          onClose={() => setOpen(null)}
          onOpen={(order) => setOpen({ order })}
        />
      )}
    </Stack>
  );
}
