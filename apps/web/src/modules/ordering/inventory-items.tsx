import { formatCents } from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingRows, LoadMoreButton } from '../../components/list-states';
import { RetryAlert } from '../../components/retry-alert';
import { dataGridLocaleText } from '../../lib/data-grid';
import { useSnackbar } from '../../shell/snackbar';
import { fetchItems, type Item, type ItemFilters, orderingKeys, type TreeNode, type Vendor } from './api';
import { BulkItemsDialog } from './bulk-items-dialog';
import { ItemDialog } from './catalogue-dialogs';
import { TypeSelect } from './type-select';

/** The items tab: search and filter the catalogue (a grid on desktop, cards on phones); admins add, paste and edit items. */
export function Items({
  tenant,
  admin,
  vendors,
  types,
  classes,
}: {
  tenant: string;
  admin: boolean;
  vendors: Vendor[];
  types: TreeNode[];
  classes: TreeNode[];
}) {
  const { t, i18n } = useTranslation('ordering');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [inactive, setInactive] = useState(false);
  const filters: ItemFilters = { search, item_type_id: typeId, active: !inactive };
  const [open, setOpen] = useState<{ item: Item | null } | 'bulk' | null>(null);
  const pages = useInfiniteQuery({
    queryKey: orderingKeys.items(tenant, filters),
    queryFn: ({ pageParam }) => fetchItems(tenant, filters, pageParam, 50),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: t('messages.fetchItems') });
  }, [pages.isError, snackbar, t]);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const money = (c: number | null) => (c == null ? '' : formatCents(c, i18n.language));
  const lang = i18n.language;
  const columns = useMemo<GridColDef<Item>[]>(() => {
    const money = (c: number | null) => (c == null ? '' : formatCents(c, lang));
    return [
      {
        field: 'item',
        headerName: t('inventory.name'),
        flex: 2,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{row.item}</span>
            {row.is_bundle && <Chip size="small" label={t('inventory.bundle')} />}
            {row.active !== 'true' && <Chip size="small" variant="outlined" label={t('inventory.inactive')} />}
          </Stack>
        ),
      },
      { field: 'type_name', headerName: t('inventory.type'), flex: 1, minWidth: 140, sortable: false },
      { field: 'class_name', headerName: t('inventory.class'), flex: 1, minWidth: 120, sortable: false },
      { field: 'vendor_name', headerName: t('inventory.vendor'), flex: 1.2, minWidth: 160, sortable: false },
      { field: 'unit', headerName: t('inventory.unit'), width: 90, sortable: false },
      {
        field: 'unit_cost_cents',
        headerName: t('inventory.unitCost'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number | null) => money(v),
      },
    ];
  }, [t, lang]);
  const openItem = (item: Item) => {
    if (admin) setOpen({ item });
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('inventory.searchLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ minWidth: { md: 300 } }}
        />
        <TypeSelect
          size="small"
          label={t('inventory.type')}
          noneLabel={t('inventory.allTypes')}
          types={types}
          value={typeId ?? ''}
          onChange={(v) => setTypeId(v === '' ? null : v)}
          sx={{ minWidth: 180 }}
        />
        <FormControlLabel
          control={<Switch checked={inactive} onChange={(e) => setInactive(e.target.checked)} />}
          label={t('inventory.showInactive')}
        />
        <Box sx={{ flexGrow: 1 }} />
        {admin && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<ContentPasteIcon />} onClick={() => setOpen('bulk')}>
              {t('inventory.bulk')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ item: null })}>
              {t('inventory.add')}
            </Button>
          </Stack>
        )}
      </Stack>
      {pages.isError && items.length === 0 ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void pages.refetch()}>
          {t('messages.fetchItems')}
        </RetryAlert>
      ) : pages.isPending ? (
        <LoadingRows label={t('loading')} height={desktop ? 52 : 72} />
      ) : items.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <Inventory2Icon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="p">
            {search || typeId ? t('inventory.emptyFiltered') : t('inventory.emptyTitle')}
          </Typography>
          {!search && !typeId && (
            <Typography variant="body2" color="text.secondary">
              {t('inventory.emptyBody')}
            </Typography>
          )}
        </Stack>
      ) : desktop ? (
        <DataGrid
          aria-label={t('inventory.label')}
          rows={items}
          columns={columns}
          loading={pages.isFetching}
          autoHeight
          hideFooter
          disableRowSelectionOnClick
          disableColumnFilter
          disableColumnMenu
          onRowClick={({ row }) => openItem(row)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') openItem(row);
          }}
          localeText={dataGridLocaleText(i18n.language)}
          sx={{ '& .MuiDataGrid-row': { cursor: admin ? 'pointer' : 'default' }, bgcolor: 'background.paper' }}
        />
      ) : (
        <Box component="ul" aria-label={t('inventory.label')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {items.map((i) => {
            const body = (
              <CardContent sx={{ py: 1.5 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="subtitle1" component="h3">
                    {i.item}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {money(i.unit_cost_cents)}
                    {i.unit ? ` / ${i.unit}` : ''}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {[
                    i.type_name,
                    i.vendor_name,
                    i.is_bundle ? t('inventory.bundle') : null,
                    i.active !== 'true' ? t('inventory.inactive') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </CardContent>
            );
            return (
              <Box component="li" key={i.id}>
                <Card variant="outlined">{admin ? <CardActionArea onClick={() => openItem(i)}>{body}</CardActionArea> : body}</Card>
              </Box>
            );
          })}
        </Box>
      )}
      {pages.hasNextPage && (
        <LoadMoreButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('loadMore')}
        </LoadMoreButton>
      )}
      {open === 'bulk' && <BulkItemsDialog tenant={tenant} types={types} onClose={() => setOpen(null)} />}
      {open && open !== 'bulk' && (
        <ItemDialog tenant={tenant} item={open.item} vendors={vendors} types={types} classes={classes} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
