import { itemRecordSchema, parseBulkItems, vendorRecordSchema } from '@groundwork/core/ordering';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GraphQLRequestError } from '../../lib/graphql';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import {
  addBundlePart,
  archiveItem,
  archiveVendor,
  bulkCreateItems,
  createItem,
  createVendor,
  fetchBundleParts,
  fetchItems,
  type Item,
  orderingKeys,
  removeBundlePart,
  type TreeNode,
  updateItem,
  updateVendor,
  type Vendor,
} from './api';
import { parseMoney } from './order-lines';
import { useRuleMessage } from './rule-message';

/** A server refusal in its own words when it is about the input (the spec's texts); the generic failure otherwise. */
export const refusal = (e: unknown, fallback: string) =>
  e instanceof GraphQLRequestError && e.code === 'VALIDATION' ? e.message : fallback;

function useDone(tenant: string) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return (message: string) => {
    void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
    snackbar.show({ color: 'success', message });
  };
}

/** Paste a list or choose a CSV file; the whole batch is added or none of it (spec §5 duplicate messages). */
export function BulkItemsDialog({ tenant, types, onClose }: { tenant: string; types: TreeNode[]; onClose: () => void }) {
  const { t } = useTranslation('ordering');
  const done = useDone(tenant);
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [typeId, setTypeId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const parsed = parseBulkItems(text);
  const add = useMutation({
    mutationFn: () => bulkCreateItems(tenant, parsed, typeId === '' ? null : typeId),
    onSuccess: (made) => {
      done(t('messages.itemsAdded', { count: made.length }));
      onClose();
    },
    onError: (e) => {
      const message = refusal(e, t('messages.addItemsFailed'));
      setError(message);
      snackbar.show({ color: 'error', message });
    },
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('bulk.title')}
      loading={add.isPending}
      width={640}
      cancelButton={{ onClick: onClose, label: t('cancel') }}
      actionButton={{ onClick: () => add.mutate(), label: t('bulk.add') }}
      actionButtonDisabled={parsed.length === 0}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('bulk.help')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('bulk.paste')}
          multiline
          minRows={8}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('bulk.file')}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) setText(await file.text());
            }}
          />
        </Button>
        <TextField
          select
          label={t('bulk.type')}
          value={typeId}
          onChange={(e) => setTypeId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">{t('bulk.none')}</MenuItem>
          {types
            .filter((ty) => ty.status === 1)
            .map((ty) => (
              <MenuItem key={ty.id} value={ty.id}>
                {ty.partclass}
              </MenuItem>
            ))}
        </TextField>
        <Typography role="status" variant="body2">
          {t('bulk.preview', { count: parsed.length })}
        </Typography>
      </Stack>
    </AppDialog>
  );
}

type ItemDraft = {
  item: string;
  unit: string;
  unit_cost: string;
  acc_id: string;
  description: string;
  vendor_id: number | null;
  item_type_id: number | null;
  item_class_id: number | null;
  active: boolean;
};

/** Add or edit one catalogue item; a bundle's parts are listed and changed here too. */
export function ItemDialog({
  tenant,
  item,
  vendors,
  types,
  classes,
  onClose,
}: {
  tenant: string;
  item: Item | null;
  vendors: Vendor[];
  types: TreeNode[];
  classes: TreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('ordering');
  const rule = useRuleMessage();
  const done = useDone(tenant);
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<ItemDraft>({
    item: item?.item ?? '',
    unit: item?.unit ?? '',
    unit_cost: item?.unit_cost_cents == null ? '' : (item.unit_cost_cents / 100).toFixed(2),
    acc_id: item?.acc_id ?? '',
    description: item?.description ?? '',
    vendor_id: item?.vendor_id ?? null,
    item_type_id: item?.item_type_id ?? null,
    item_class_id: item?.item_class_id ?? null,
    active: (item?.active ?? 'true') === 'true',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<ItemDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: async () => {
      const cost = parseMoney(draft.unit_cost);
      const data = {
        item: draft.item.trim(),
        unit: draft.unit.trim() || null,
        unit_cost_cents: cost,
        acc_id: draft.acc_id.trim() || null,
        description: draft.description.trim() || null,
        vendor_id: draft.vendor_id,
        item_type_id: draft.item_type_id,
        item_class_id: draft.item_class_id,
        active: draft.active ? 'true' : 'false',
      };
      const checked = itemRecordSchema.safeParse(data);
      const problems: Record<string, string> = {};
      if (!data.item) problems.item = t('rules.required');
      if (draft.unit_cost.trim() && cost === null) problems.unit_cost = t('rules.cost');
      if (!checked.success) for (const i of checked.error.issues) problems[String(i.path[0])] ??= rule(i.message);
      setErrors(problems);
      if (Object.keys(problems).length) throw new Error('invalid');
      return item ? updateItem(tenant, item.id, data) : createItem(tenant, data);
    },
    onSuccess: () => {
      done(t('messages.itemSaved'));
      onClose();
    },
    onError: (e) => {
      if (e instanceof Error && e.message === 'invalid') return;
      snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) });
    },
  });
  const remove = useMutation({
    mutationFn: () => archiveItem(tenant, item?.id as number),
    onSuccess: () => {
      done(t('messages.itemSaved'));
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const node = (list: TreeNode[], id: number | null) => list.find((n) => n.id === id) ?? null;
  return (
    <AppDialog
      open
      onClose={onClose}
      title={item ? t('inventory.editTitle') : t('inventory.newTitle')}
      loading={save.isPending || remove.isPending}
      width={640}
      editMode
      cancelButton={{ onClick: onClose, label: t('cancel') }}
      actionButton={{ onClick: () => save.mutate(), label: t('save') }}
      deleteButton={item ? { onClick: () => remove.mutate(), label: t('inventory.archive') } : undefined}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('inventory.name')}
          required
          value={draft.item}
          onChange={(e) => set({ item: e.target.value })}
          error={Boolean(errors.item)}
          helperText={errors.item}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField label={t('inventory.unit')} value={draft.unit} onChange={(e) => set({ unit: e.target.value })} />
          <TextField
            label={t('inventory.unitCost')}
            value={draft.unit_cost}
            onChange={(e) => set({ unit_cost: e.target.value })}
            error={Boolean(errors.unit_cost)}
            helperText={errors.unit_cost}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        <Autocomplete
          options={vendors.filter((v) => v.status === 1)}
          value={vendors.find((v) => v.id === draft.vendor_id) ?? null}
          onChange={(_e, v) => set({ vendor_id: v?.id ?? null })}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('inventory.vendor')} />}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <Autocomplete
            options={types.filter((n) => n.status === 1)}
            value={node(types, draft.item_type_id)}
            onChange={(_e, v) => set({ item_type_id: v?.id ?? null })}
            getOptionLabel={(o) => o.partclass}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('inventory.type')} />}
          />
          <Autocomplete
            options={classes.filter((n) => n.status === 1)}
            value={node(classes, draft.item_class_id)}
            onChange={(_e, v) => set({ item_class_id: v?.id ?? null })}
            getOptionLabel={(o) => o.partclass}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('inventory.class')} />}
          />
        </Box>
        <TextField label={t('inventory.accId')} value={draft.acc_id} onChange={(e) => set({ acc_id: e.target.value })} />
        <TextField
          label={t('inventory.description')}
          multiline
          minRows={2}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <FormControlLabel
          control={<Switch checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />}
          label={t('inventory.active')}
        />
        {item && <BundleParts tenant={tenant} bundle={item} />}
      </Stack>
    </AppDialog>
  );
}

/** The items a bundle is made of (spec §3 Bundle item, quantity default 1): listed, added and removed. */
function BundleParts({ tenant, bundle }: { tenant: string; bundle: Item }) {
  const { t } = useTranslation('ordering');
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const parts = useQuery({ queryKey: orderingKeys.bundle(tenant, bundle.id), queryFn: () => fetchBundleParts(tenant, bundle.id) });
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: orderingKeys.itemPick(tenant, search),
    queryFn: () => fetchItems(tenant, { search, item_type_id: null, active: true }, null, 20),
    staleTime: 60_000,
  });
  const [pick, setPick] = useState<Item | null>(null);
  const [quantity, setQuantity] = useState('1');
  const refresh = () => void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
  const add = useMutation({
    mutationFn: () => addBundlePart(tenant, bundle.id, pick?.id as number, Number(quantity) || 1),
    onSuccess: () => {
      setPick(null);
      setQuantity('1');
      refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeBundlePart(tenant, id),
    onSuccess: refresh,
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveItemFailed')) }),
  });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('inventory.bundleParts')}
      </Typography>
      {(parts.data?.length ?? 0) > 0 && (
        <List dense aria-label={t('inventory.bundleParts')}>
          {parts.data?.map((p) => {
            const name = p.item;
            return (
              <ListItem
                key={p.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={t('inventory.removePart', { name })} onClick={() => remove.mutate(p.id)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={name} secondary={`× ${p.quantity}`} />
              </ListItem>
            );
          })}
        </List>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flexGrow: 1 }}
          options={(found.data?.items ?? []).filter((i) => i.id !== bundle.id && !i.is_bundle)}
          filterOptions={(o) => o}
          value={pick}
          onChange={(_e, v) => setPick(v)}
          onInputChange={(_e, v) => setSearch(v)}
          getOptionLabel={(o) => o.item}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('inventory.addPart')} />}
        />
        <TextField
          label={t('inventory.partQuantity')}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          sx={{ width: 110 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button variant="outlined" disabled={!pick || add.isPending} onClick={() => add.mutate()} sx={{ mt: 1 }}>
          {t('tree.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

type VendorDraft = {
  name: string;
  contact_name: string;
  emails: string;
  phone: string;
  address: string;
  notes: string;
  insurance_expires: string;
  is_supplier: boolean;
};

export function VendorDialog({ tenant, vendor, onClose }: { tenant: string; vendor: Vendor | null; onClose: () => void }) {
  const { t } = useTranslation('ordering');
  const rule = useRuleMessage();
  const done = useDone(tenant);
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<VendorDraft>({
    name: vendor?.name ?? '',
    contact_name: vendor?.contact_name ?? '',
    emails: vendor?.emails ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    notes: vendor?.notes ?? '',
    insurance_expires: vendor?.insurance_expires ?? '',
    is_supplier: vendor?.is_supplier ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<VendorDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: async () => {
      const data = {
        name: draft.name.trim(),
        contact_name: draft.contact_name.trim() || null,
        emails: draft.emails.trim() || null,
        phone: draft.phone.trim() || null,
        address: draft.address.trim() || null,
        notes: draft.notes.trim() || null,
        insurance_expires: draft.insurance_expires || null,
        is_supplier: draft.is_supplier,
      };
      const problems: Record<string, string> = {};
      if (!data.name) problems.name = t('rules.required');
      const checked = vendorRecordSchema.safeParse(data);
      if (!checked.success) for (const i of checked.error.issues) problems[String(i.path[0])] ??= rule(i.message);
      setErrors(problems);
      if (Object.keys(problems).length) throw new Error('invalid');
      return vendor ? updateVendor(tenant, vendor.id, data) : createVendor(tenant, data);
    },
    onSuccess: () => {
      done(t('messages.vendorSaved'));
      onClose();
    },
    onError: (e) => {
      if (e instanceof Error && e.message === 'invalid') return;
      snackbar.show({ color: 'error', message: refusal(e, t('messages.saveVendorFailed')) });
    },
  });
  const remove = useMutation({
    mutationFn: () => archiveVendor(tenant, vendor?.id as number),
    onSuccess: () => {
      done(t('messages.vendorSaved'));
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: refusal(e, t('messages.saveVendorFailed')) }),
  });
  const field = (name: keyof VendorDraft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={draft[name] as string}
      onChange={(e) => set({ [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      {...extra}
    />
  );
  return (
    <AppDialog
      open
      onClose={onClose}
      title={vendor ? t('vendors.editTitle') : t('vendors.newTitle')}
      loading={save.isPending || remove.isPending}
      width={640}
      editMode
      cancelButton={{ onClick: onClose, label: t('cancel') }}
      actionButton={{ onClick: () => save.mutate(), label: t('save') }}
      deleteButton={vendor ? { onClick: () => remove.mutate(), label: t('vendors.archive') } : undefined}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {field('name', t('vendors.name'), { required: true })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('contact_name', t('vendors.contact'))}
          {field('phone', t('vendors.phone'), { slotProps: { htmlInput: { inputMode: 'tel' } } })}
        </Box>
        <TextField
          label={t('vendors.emails')}
          value={draft.emails}
          onChange={(e) => set({ emails: e.target.value })}
          error={Boolean(errors.emails)}
          helperText={errors.emails ?? t('vendors.emailsHint')}
        />
        {field('address', t('vendors.address'))}
        <TextField
          type="date"
          label={t('vendors.insurance')}
          value={draft.insurance_expires}
          onChange={(e) => set({ insurance_expires: e.target.value })}
          error={Boolean(errors.insurance_expires)}
          helperText={errors.insurance_expires}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {field('notes', t('vendors.notes'), { multiline: true, minRows: 2 })}
        <FormControlLabel
          control={<Switch checked={draft.is_supplier} onChange={(e) => set({ is_supplier: e.target.checked })} />}
          label={t('vendors.supplier')}
        />
      </Stack>
    </AppDialog>
  );
}
