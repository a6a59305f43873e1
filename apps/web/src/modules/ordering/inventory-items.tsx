import { formatCents } from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { Box, Button, Chip, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid, CardItem, EmptyState, PagedList } from '../../components/list-states';
import { FilterRow } from '../../components/page-header';
import { RowGrid } from '../../components/row-grid';
import { useDesktop } from '../../components/use-desktop';
import { usePagedList } from '../../components/use-paged-list';
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
  const desktop = useDesktop();
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [inactive, setInactive] = useState(false);
  const filters: ItemFilters = { search, item_type_id: typeId, active: !inactive };
  const [open, setOpen] = useState<{ item: Item | null } | 'bulk' | null>(null);
  const { pages, items } = usePagedList({
    queryKey: orderingKeys.items(tenant, filters),
    fetchPage: (next) => fetchItems(tenant, filters, next, 50),
    errorMessage: t('messages.fetchItems'),
  });
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
      <FilterRow>
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
      </FilterRow>
      <PagedList
        pages={pages}
        count={items.length}
        texts={{ error: t('messages.fetchItems'), retry: t('retry'), loading: t('loading'), loadMore: t('loadMore') }}
        rowHeight={desktop ? 52 : 72}
        empty={
          <EmptyState
            icon={Inventory2Icon}
            title={search || typeId ? t('inventory.emptyFiltered') : t('inventory.emptyTitle')}
            body={search || typeId ? undefined : t('inventory.emptyBody')}
          />
        }
      >
        {desktop ? (
          <RowGrid
            label={t('inventory.label')}
            rows={items}
            columns={columns}
            loading={pages.isFetching}
            onOpen={openItem}
            clickable={admin}
          />
        ) : (
          <CardGrid label={t('inventory.label')} gap={1}>
            {items.map((i) => (
              <CardItem key={i.id} onOpen={admin ? () => openItem(i) : undefined} contentSx={{ py: 1.5 }}>
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
              </CardItem>
            ))}
          </CardGrid>
        )}
      </PagedList>
      {open === 'bulk' && <BulkItemsDialog tenant={tenant} types={types} onClose={() => setOpen(null)} />}
      {open && open !== 'bulk' && (
        <ItemDialog tenant={tenant} item={open.item} vendors={vendors} types={types} classes={classes} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
