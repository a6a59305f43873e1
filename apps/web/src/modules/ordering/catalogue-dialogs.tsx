import { itemRecordSchema, vendorRecordSchema } from '@groundwork/core/ordering';
import { Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { OptionPicker } from '../../components/option-picker';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import {
  archiveItem,
  archiveVendor,
  createItem,
  createVendor,
  type Item,
  type TreeNode,
  updateItem,
  updateVendor,
  type Vendor,
} from './api';
import { BundleParts } from './bundle-parts';
import { refusal, useDone } from './catalogue-shared';
import { parseMoney } from './order-lines';
import { useRuleMessage } from './rule-message';

export { BulkItemsDialog } from './bulk-items-dialog';

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
        <OptionPicker
          options={vendors.filter((v) => v.status === 1)}
          value={vendors.find((v) => v.id === draft.vendor_id) ?? null}
          onChange={(v) => set({ vendor_id: v?.id ?? null })}
          getOptionLabel={(o) => o.name}
          label={t('inventory.vendor')}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <OptionPicker
            options={types.filter((n) => n.status === 1)}
            value={node(types, draft.item_type_id)}
            onChange={(v) => set({ item_type_id: v?.id ?? null })}
            getOptionLabel={(o) => o.partclass}
            label={t('inventory.type')}
          />
          <OptionPicker
            options={classes.filter((n) => n.status === 1)}
            value={node(classes, draft.item_class_id)}
            onChange={(v) => set({ item_class_id: v?.id ?? null })}
            getOptionLabel={(o) => o.partclass}
            label={t('inventory.class')}
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

/** Add or edit one vendor: contact, order addresses, insurance date, notes; archive it. */
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
        <DateField
          label={t('vendors.insurance')}
          value={draft.insurance_expires}
          onChange={(e) => set({ insurance_expires: e.target.value })}
          error={Boolean(errors.insurance_expires)}
          helperText={errors.insurance_expires}
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
