import {
  insuranceLapsed,
  ORDER_STATUS,
  type OrderForm,
  orderFormSchema,
  orderSendSchema,
  parseRecipients,
} from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SendIcon from '@mui/icons-material/Send';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { Alert, Autocomplete, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/files/upload-file';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import {
  duplicateOrder,
  fetchLookups,
  fetchVendors,
  linesOf,
  type Order,
  type OrderInput,
  orderingKeys,
  resendOrder,
  saveOrder,
  setOrdersStatus,
} from './api';
import { draftTotal, type LineDraft, OrderLineRow, parseMoney, parseQuantity } from './order-lines';
import { OrderStatusChips } from './order-status';
import { useRuleMessage } from './rule-message';

type FormValues = {
  jobs_id: number | null;
  vendor_id: number | null;
  order_date: string;
  deliver_date: string;
  to_emails: string;
  cc_email: string;
  notes: string;
  delivery_address: string;
  lines: LineDraft[];
};

/** The server's and core's English rule texts, as keys of this module's translations. */

function initial(order: Order | null, key: () => number): FormValues {
  return {
    jobs_id: order?.jobs_id ?? null,
    vendor_id: order?.vendor_id ?? null,
    order_date: order?.order_date ?? localToday(),
    deliver_date: order?.deliver_date ?? '',
    to_emails: order?.to_emails ?? '',
    cc_email: order?.cc_email ?? '',
    notes: order?.notes ?? '',
    delivery_address: order?.delivery_address ?? '',
    lines: order
      ? linesOf(order).map((l) => ({
          key: key(),
          items_id: l.items_id,
          description: l.description ?? '',
          quantity: String(l.quantity),
          unit: l.unit ?? '',
          unit_cost: l.unit_cost_cents == null ? '' : (l.unit_cost_cents / 100).toFixed(2),
          costcodes_id: l.costcodes_id,
          is_bundle: false,
          bundle: l.bundle ?? null,
        }))
      : [{ key: key(), items_id: null, description: '', quantity: '1', unit: '', unit_cost: '', costcodes_id: null, is_bundle: false }],
  };
}

type Props = {
  tenant: string;
  /** null: a new order. */
  order: Order | null;
  /** May archive, resend or change the order (its owner, or an ordering admin). */
  mayChange: boolean;
  onClose: () => void;
  onOpen: (order: Order) => void;
};

/** New order or an existing one: job, vendor, dates, recipients and lines from the catalogue; save, send, resend, duplicate, archive. */
export function OrderDialog({ tenant, order, mayChange, onClose, onOpen }: Props) {
  const { t, i18n } = useTranslation('ordering');
  const snackbar = useSnackbar();
  const client = useQueryClient();
  const counter = useRef(0);
  const key = () => {
    counter.current += 1;
    return counter.current;
  };
  const lookups = useQuery({ queryKey: orderingKeys.lookups(tenant), queryFn: () => fetchLookups(tenant), staleTime: 5 * 60_000 });
  const vendors = useQuery({ queryKey: orderingKeys.vendors(tenant), queryFn: () => fetchVendors(tenant), staleTime: 5 * 60_000 });
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, handleSubmit, watch, setValue, setError, clearErrors, formState } = useForm<FormValues>({
    defaultValues: initial(order, key),
  });
  const lines = useFieldArray({ control, name: 'lines', keyName: 'fieldKey' as never });
  const values = watch();
  const archived = order !== null && order.status !== ORDER_STATUS.active;
  const readOnly = !mayChange || archived;
  const errors = formState.errors as FieldErrors<FormValues>;
  const activeVendors = (vendors.data ?? []).filter((v) => v.status === 1 || v.id === values.vendor_id);
  const vendor = activeVendors.find((v) => v.id === values.vendor_id) ?? null;
  const lapsed = vendor && insuranceLapsed(vendor.insurance_expires, localToday()) ? vendor : null;
  const rule = useRuleMessage();

  const done = (message: string) => {
    void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
    snackbar.show({ color: 'success', message });
  };
  const failed = (e: unknown) => {
    const message =
      e instanceof GraphQLRequestError && e.code === 'VALIDATION'
        ? rule(e.message.replace(/^[\w.]+: /, ''))
        : t('messages.saveOrderFailed');
    setServerError(message);
    snackbar.show({ color: 'error', message });
  };

  const save = useMutation({
    mutationFn: ({ input, send }: { input: OrderInput; send: boolean }) => saveOrder(tenant, input, order?.id ?? null, send),
    onSuccess: (res, { send }) => {
      done(send ? t('messages.sent') : t('messages.saved'));
      if (res.warning) snackbar.show({ color: 'warning', message: res.warning });
      onClose();
    },
    onError: failed,
  });
  const resend = useMutation({
    mutationFn: () => resendOrder(tenant, order?.id as number),
    onSuccess: () => {
      done(t('messages.resent'));
      onClose();
    },
    onError: failed,
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateOrder(tenant, order?.id as number),
    onSuccess: (copy) => {
      done(t('messages.duplicated'));
      onOpen(copy);
    },
    onError: failed,
  });
  const archive = useMutation({
    mutationFn: () => setOrdersStatus(tenant, [order?.id as number], archived ? ORDER_STATUS.active : ORDER_STATUS.archived),
    onSuccess: () => {
      done(archived ? t('messages.restored') : t('messages.archived'));
      onClose();
    },
    onError: failed,
  });
  const busy = save.isPending || resend.isPending || duplicate.isPending || archive.isPending;

  /** The form as the server's input, checked with core's schema; field errors set on the form. */
  const toInput = (v: FormValues, send: boolean): OrderInput | null => {
    clearErrors();
    setServerError(null);
    const input = {
      jobs_id: v.jobs_id ?? 0,
      vendor_id: v.vendor_id ?? 0,
      order_date: v.order_date,
      deliver_date: v.deliver_date || null,
      to_emails: v.to_emails,
      cc_email: v.cc_email || null,
      notes: v.notes.trim() || null,
      delivery_address: v.delivery_address.trim() || null,
      lines: v.lines.map((l) => ({
        items_id: l.items_id,
        description: l.description.trim() || null,
        quantity: parseQuantity(l.quantity),
        unit: l.unit.trim() || null,
        unit_cost_cents: parseMoney(l.unit_cost),
        costcodes_id: l.costcodes_id,
      })),
    } satisfies OrderForm;
    const parsed = (send ? orderSendSchema : orderFormSchema).safeParse(input);
    if (parsed.success) return input;
    // A field shows its first problem (as the server answers): "Send to" holding only a bad address is refused
    // naming it, not with the "no recipients" issue the send rule adds after it.
    const named = new Set<string>();
    for (const issue of parsed.error.issues) {
      const [field, index, sub] = issue.path.map(String);
      const name = (
        field === 'lines' && index !== undefined ? `lines.${index}.${sub === 'quantity' ? 'quantity' : 'description'}` : field
      ) as never;
      if (named.has(name)) continue;
      named.add(name);
      setError(name, { type: 'rule', message: rule(issue.message) });
    }
    return null;
  };
  const submit = (send: boolean) =>
    handleSubmit((v) => {
      const input = toInput(v, send);
      if (input) save.mutate({ input, send });
    })();

  const jobs = lookups.data?.jobs ?? [];
  const costcodes = lookups.data?.costcodes ?? [];
  const po = order ? `PO-${String(order.po_number).padStart(4, '0')}` : '';
  const lineError = (i: number) => {
    const e = errors.lines?.[i];
    return (e?.description?.message ?? e?.quantity?.message) as string | undefined;
  };

  return (
    <AppDialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={order ? t('dialog.editTitle', { po }) : t('dialog.newTitle')}
      loading={busy}
      width={1000}
      header={
        order ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <OrderStatusChips order={order} />
            <Box sx={{ flexGrow: 1 }} />
            {order.pdf_uuid && (
              <Button size="small" startIcon={<PictureAsPdfIcon />} href={fileUrl(order.pdf_uuid)} target="_blank" rel="noopener">
                {t('dialog.pdf')}
              </Button>
            )}
            <Button size="small" startIcon={<ContentCopyIcon />} disabled={busy} onClick={() => duplicate.mutate()}>
              {t('dialog.duplicate')}
            </Button>
            {mayChange && (
              <Button
                size="small"
                startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />}
                disabled={busy}
                onClick={() => archive.mutate()}
              >
                {archived ? t('dialog.restore') : t('dialog.archive')}
              </Button>
            )}
          </Stack>
        ) : undefined
      }
      cancelButton={{ onClick: onClose, label: t('cancel') }}
      actionButton={readOnly ? undefined : { onClick: () => void submit(true), label: t('dialog.saveSend') }}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(true);
        }}
      >
        {order?.sent_on && (
          <Typography variant="body2" color="text.secondary">
            {t('orders.sentOn', { when: new Date(order.sent_on).toLocaleString(i18n.language), to: order.sent_to ?? '' })}
            {' · '}
            {order.acknowledged_on
              ? t('orders.acknowledgedOn', { when: new Date(order.acknowledged_on).toLocaleString(i18n.language) })
              : t('orders.notAcknowledged')}
          </Typography>
        )}
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="jobs_id"
            render={({ field }) => (
              <Autocomplete
                options={jobs}
                disabled={readOnly}
                value={jobs.find((j) => j.id === field.value) ?? null}
                onChange={(_e, v) => field.onChange(v?.id ?? null)}
                getOptionLabel={(o) => o.label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={lookups.isPending}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('dialog.job')}
                    required
                    error={Boolean(errors.jobs_id)}
                    helperText={errors.jobs_id?.message}
                  />
                )}
              />
            )}
          />
          <Controller
            control={control}
            name="vendor_id"
            render={({ field }) => (
              <Autocomplete
                options={activeVendors}
                disabled={readOnly}
                value={vendor}
                onChange={(_e, v) => {
                  field.onChange(v?.id ?? null);
                  // The vendor's order addresses fill an empty "Send to".
                  if (v?.emails && !values.to_emails.trim()) setValue('to_emails', v.emails);
                }}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={vendors.isPending}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('dialog.vendor')}
                    required
                    error={Boolean(errors.vendor_id)}
                    helperText={errors.vendor_id?.message}
                  />
                )}
              />
            )}
          />
        </Box>
        {lapsed && <Alert severity="warning">{t('dialog.insurance', { vendor: lapsed.name, date: lapsed.insurance_expires })}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 2fr' } }}>
          <TextField
            type="date"
            label={t('dialog.orderDate')}
            required
            disabled={readOnly}
            {...register('order_date')}
            error={Boolean(errors.order_date)}
            helperText={errors.order_date?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={t('dialog.deliverDate')}
            disabled={readOnly}
            {...register('deliver_date')}
            error={Boolean(errors.deliver_date)}
            helperText={errors.deliver_date?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('dialog.deliveryAddress')}
            disabled={readOnly}
            {...register('delivery_address')}
            helperText={t('dialog.deliveryAddressHint')}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="to_emails"
            render={({ field }) => (
              <TextField
                {...field}
                label={t('dialog.to')}
                required
                disabled={readOnly}
                error={Boolean(errors.to_emails)}
                helperText={errors.to_emails?.message ?? t('dialog.toHint')}
                slotProps={{ htmlInput: { inputMode: 'email' } }}
              />
            )}
          />
          <TextField
            label={t('dialog.cc')}
            disabled={readOnly}
            {...register('cc_email')}
            error={Boolean(errors.cc_email)}
            helperText={errors.cc_email?.message}
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
        </Box>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h3">
            {t('dialog.lines')}
          </Typography>
          {errors.lines?.message && <Alert severity="error">{errors.lines.message}</Alert>}
          {lines.fields.map((f, i) => (
            <OrderLineRow
              key={(f as unknown as LineDraft).key}
              tenant={tenant}
              index={i}
              line={values.lines[i] ?? (f as unknown as LineDraft)}
              costcodes={costcodes}
              readOnly={readOnly}
              error={lineError(i)}
              locale={i18n.language}
              onChange={(patch) => {
                const current = values.lines[i];
                if (current) setValue(`lines.${i}`, { ...current, ...patch }, { shouldDirty: true });
              }}
              onRemove={lines.fields.length > 1 ? () => lines.remove(i) : undefined}
            />
          ))}
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            {!readOnly ? (
              <Button
                startIcon={<AddIcon />}
                onClick={() =>
                  lines.append({
                    key: key(),
                    items_id: null,
                    description: '',
                    quantity: '1',
                    unit: '',
                    unit_cost: '',
                    costcodes_id: null,
                    is_bundle: false,
                  })
                }
              >
                {t('dialog.addLine')}
              </Button>
            ) : (
              <span />
            )}
            <Typography variant="h6" component="p" data-testid="order-total">
              {t('dialog.total')}:{' '}
              {new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(draftTotal(values.lines) / 100)}
            </Typography>
          </Stack>
        </Stack>
        <TextField label={t('dialog.notes')} multiline minRows={2} disabled={readOnly} {...register('notes')} />
        {!readOnly && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" disabled={busy} onClick={() => void submit(false)}>
              {t('dialog.saveDraft')}
            </Button>
            {order?.sent_on && (
              <Button variant="outlined" startIcon={<SendIcon />} disabled={busy} onClick={() => resend.mutate()}>
                {t('dialog.resend')}
              </Button>
            )}
          </Stack>
        )}
        {readOnly && !archived && order && parseRecipients(order.to_emails).emails.length > 0 && (
          <Chip variant="outlined" label={order.to_emails} />
        )}
      </Stack>
    </AppDialog>
  );
}
