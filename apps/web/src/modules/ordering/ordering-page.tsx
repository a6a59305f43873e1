import { formatCents, formatPoNumber } from '@groundwork/core/ordering';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Fab,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { LoadingRows, LoadMoreButton } from '../../components/list-states';
import { RetryAlert } from '../../components/retry-alert';
import { dataGridLocaleText } from '../../lib/data-grid';
import { formatDay } from '../../lib/dates';
import { useTenant } from '../../lib/storage';
import { useSnackbar } from '../../shell/snackbar';
import { fetchOrders, linesOf, type Order, type OrderFilters, orderingKeys } from './api';
import { OrderDialog } from './order-dialog';
import { OrderStatusChips } from './order-status';

/** /modules/ordering: purchase orders. ordering_basic sees and creates their own; ordering admins see everyone's. */
export function OrderingPage() {
  const { t } = useTranslation('ordering');
  const tenant = useTenant();
  if (!tenant) return <Alert severity="info">{t('noTenant')}</Alert>;
  return <Orders tenant={tenant} />;
}

type Open = { order: Order | null } | null;

function Orders({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('ordering');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const admin = useCan('ordering', 'write');
  const canCreate = useCan('ordering', 'create');
  const [active, setActive] = useState(true);
  const [mine, setMine] = useState(false);
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const filters: OrderFilters = { active, mine: admin ? mine : false, search };
  const [open, setOpen] = useState<Open>(null);
  const pages = useInfiniteQuery({
    queryKey: orderingKeys.orders(tenant, filters),
    queryFn: ({ pageParam }) => fetchOrders(tenant, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: t('messages.fetchOrders') });
  }, [pages.isError, snackbar, t]);
  const orders = pages.data?.pages.flatMap((p) => p.items) ?? [];
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
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {admin ? t('orders.title') : t('orders.mine')}
        </Typography>
        {desktop && newButton}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Tabs value={active ? 'active' : 'archived'} onChange={(_e, v) => setActive(v === 'active')} aria-label={t('orders.status')}>
          <Tab value="active" label={t('orders.active')} />
          <Tab value="archived" label={t('orders.archived')} />
        </Tabs>
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
      </Stack>
      {pages.isError && orders.length === 0 ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void pages.refetch()}>
          {t('messages.fetchOrders')}
        </RetryAlert>
      ) : pages.isPending ? (
        <LoadingRows label={t('loading')} height={desktop ? 52 : 96} />
      ) : orders.length === 0 ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid="orders-empty">
          <ShoppingCartIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="p">
            {search ? t('orders.emptyFiltered') : t('orders.emptyTitle')}
          </Typography>
          {!search && (
            <Typography variant="body2" color="text.secondary">
              {t('orders.emptyBody')}
            </Typography>
          )}
        </Stack>
      ) : desktop ? (
        <DataGrid
          aria-label={t('orders.label')}
          rows={orders}
          columns={columns}
          loading={pages.isFetching}
          autoHeight
          hideFooter
          disableRowSelectionOnClick
          disableColumnFilter
          disableColumnMenu
          onRowClick={({ row }) => setOpen({ order: row })}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') setOpen({ order: row });
          }}
          localeText={dataGridLocaleText(i18n.language)}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' }, bgcolor: 'background.paper' }}
        />
      ) : (
        <Box component="ul" aria-label={t('orders.label')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {orders.map((o) => (
            <Box component="li" key={o.id}>
              <Card variant="outlined">
                <CardActionArea onClick={() => setOpen({ order: o })}>
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
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
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
      {pages.hasNextPage && (
        <LoadMoreButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('loadMore')}
        </LoadMoreButton>
      )}
      {!desktop && canCreate && (
        <Fab
          variant="extended"
          color="primary"
          onClick={() => setOpen({ order: null })}
          sx={{ position: 'fixed', right: 16, bottom: 'calc(16px + env(safe-area-inset-bottom))', zIndex: 'speedDial' }}
        >
          <AddShoppingCartIcon sx={{ mr: 1 }} />
          {t('orders.new')}
        </Fab>
      )}
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
