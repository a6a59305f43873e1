import { formatCents, insuranceLapsed } from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import EditIcon from '@mui/icons-material/EditOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Skeleton,
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
import { esES } from '@mui/x-data-grid/locales';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { localToday } from '../../lib/dates';
import { readSelectedTenantUuid } from '../../lib/storage';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import {
  archiveTreeNode,
  fetchItems,
  fetchTree,
  fetchVendors,
  type Item,
  type ItemFilters,
  orderingKeys,
  saveTreeNode,
  type TreeNode,
  type Vendor,
} from './api';
import { BulkItemsDialog, ItemDialog, refusal, VendorDialog } from './catalogue-dialogs';

type TabKey = 'items' | 'vendors' | 'types';

/** /modules/inventory: the item catalogue, its vendors, types and classes. Ordering admins keep them; others look things up. */
export function InventoryPage() {
  const { t } = useTranslation('ordering');
  const tenant = readSelectedTenantUuid();
  if (!tenant) return <Alert severity="info">{t('noTenant')}</Alert>;
  return <Catalogue tenant={tenant} />;
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

function Items({
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
        <TextField
          select
          size="small"
          label={t('inventory.type')}
          value={typeId ?? ''}
          onChange={(e) => setTypeId(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('inventory.allTypes')}</MenuItem>
          {types
            .filter((ty) => ty.status === 1)
            .map((ty) => (
              <MenuItem key={ty.id} value={ty.id}>
                {ty.partclass}
              </MenuItem>
            ))}
        </TextField>
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
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void pages.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('messages.fetchItems')}
        </Alert>
      ) : pages.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={t('loading')} role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={desktop ? 52 : 72} />
          ))}
        </Stack>
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
          localeText={i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined}
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
        <Button
          variant="outlined"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('loadMore')}
        </Button>
      )}
      {open === 'bulk' && <BulkItemsDialog tenant={tenant} types={types} onClose={() => setOpen(null)} />}
      {open && open !== 'bulk' && (
        <ItemDialog tenant={tenant} item={open.item} vendors={vendors} types={types} classes={classes} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}

function Vendors({ tenant, admin, vendors, failed }: { tenant: string; admin: boolean; vendors: Vendor[] | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation('ordering');
  const [open, setOpen] = useState<{ vendor: Vendor | null } | null>(null);
  const list = (vendors ?? []).filter((v) => v.status === 1);
  return (
    <Stack spacing={2}>
      {admin && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ vendor: null })} sx={{ alignSelf: 'flex-end' }}>
          {t('vendors.add')}
        </Button>
      )}
      {failed && <Alert severity="error">{t('messages.fetchVendors')}</Alert>}
      {!vendors && !failed && <Skeleton variant="rounded" height={120} />}
      {vendors && list.length === 0 && (
        <Typography variant="body1" sx={{ textAlign: 'center', py: 4 }}>
          {t('vendors.emptyTitle')}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={t('vendors.label')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        }}
      >
        {list.map((v) => {
          const lapsed = insuranceLapsed(v.insurance_expires, localToday());
          const body = (
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {v.name}
                </Typography>
                {lapsed && <Chip size="small" color="warning" label={t('vendors.lapsed')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {[v.contact_name, v.phone].filter(Boolean).join(' · ')}
              </Typography>
              {v.emails && (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {v.emails}
                </Typography>
              )}
              {v.insurance_expires && (
                <Typography variant="caption" color={lapsed ? 'warning.main' : 'text.secondary'}>
                  {t('vendors.insurance')}: {new Date(`${v.insurance_expires}T12:00:00`).toLocaleDateString(i18n.language)}
                </Typography>
              )}
            </CardContent>
          );
          return (
            <Box component="li" key={v.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                {admin ? (
                  <CardActionArea onClick={() => setOpen({ vendor: v })} sx={{ height: '100%' }}>
                    {body}
                  </CardActionArea>
                ) : (
                  body
                )}
              </Card>
            </Box>
          );
        })}
      </Box>
      {open && <VendorDialog tenant={tenant} vendor={open.vendor} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function Tree({ tenant, admin, types, classes }: { tenant: string; admin: boolean; types: TreeNode[]; classes: TreeNode[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TreeList tenant={tenant} admin={admin} kind="types" nodes={types} />
      <TreeList tenant={tenant} admin={admin} kind="classes" nodes={classes} />
    </Box>
  );
}

/** A type or class list shown as a tree (children indented under their parent), with add, rename and archive. */
function TreeList({ tenant, admin, kind, nodes }: { tenant: string; admin: boolean; kind: 'types' | 'classes'; nodes: TreeNode[] }) {
  const { t } = useTranslation('ordering');
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [edit, setEdit] = useState<{ node: TreeNode | null } | null>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<number | ''>('');
  const active = nodes.filter((n) => n.status === 1);
  const ordered: { node: TreeNode; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const n of active.filter((x) => (x.parent_id ?? null) === parentId).sort((a, b) => a.partclass.localeCompare(b.partclass))) {
      if (ordered.some((o) => o.node.id === n.id) || depth > 8) continue;
      ordered.push({ node: n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  // Children of archived parents still show, at the top level.
  for (const n of active) if (!ordered.some((o) => o.node.id === n.id)) ordered.push({ node: n, depth: 0 });
  const done = () => void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
  const save = useMutation({
    mutationFn: () =>
      saveTreeNode(tenant, kind, edit?.node?.id ?? null, { partclass: name.trim(), parent_id: parent === '' ? null : parent }),
    onSuccess: () => {
      done();
      snackbar.show({ color: 'success', message: t('messages.saved2') });
      setEdit(null);
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => archiveTreeNode(tenant, kind, id),
    onSuccess: done,
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const title = kind === 'types' ? t('tree.types') : t('tree.classes');
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {admin && (
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              setName('');
              setParent('');
              setEdit({ node: null });
            }}
          >
            {kind === 'types' ? t('tree.newType') : t('tree.newClass')}
          </Button>
        )}
      </Stack>
      <List dense aria-label={title} sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}>
        {ordered.map(({ node, depth }) => (
          <ListItem
            key={node.id}
            sx={{ pl: 2 + depth * 3 }}
            secondaryAction={
              admin ? (
                <IconButton
                  edge="end"
                  aria-label={t('tree.rename', { name: node.partclass })}
                  onClick={() => {
                    setName(node.partclass);
                    setParent(node.parent_id ?? '');
                    setEdit({ node });
                  }}
                >
                  <EditIcon />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText primary={node.partclass} />
          </ListItem>
        ))}
      </List>
      {edit && (
        <AppDialog
          open
          onClose={() => setEdit(null)}
          title={edit.node ? t('tree.rename', { name: edit.node.partclass }) : kind === 'types' ? t('tree.newType') : t('tree.newClass')}
          loading={save.isPending || remove.isPending}
          width={480}
          editMode
          cancelButton={{ onClick: () => setEdit(null), label: t('cancel') }}
          actionButton={{ onClick: () => save.mutate(), label: t('save') }}
          actionButtonDisabled={!name.trim()}
          deleteButton={
            edit.node
              ? {
                  onClick: () => {
                    remove.mutate(edit.node?.id as number);
                    setEdit(null);
                  },
                  label: t('tree.remove', { name: edit.node.partclass }),
                }
              : undefined
          }
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('tree.name')} required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            <TextField
              select
              label={t('tree.parent')}
              value={parent}
              onChange={(e) => setParent(e.target.value === '' ? '' : Number(e.target.value))}
            >
              <MenuItem value="">{t('tree.top')}</MenuItem>
              {active
                .filter((n) => n.id !== edit.node?.id)
                .map((n) => (
                  <MenuItem key={n.id} value={n.id}>
                    {n.partclass}
                  </MenuItem>
                ))}
            </TextField>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}
