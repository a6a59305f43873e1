import {
  insuranceLapsed,
  ORDER_STATUS,
  type OrderForm,
  orderFormSchema,
  orderSendSchema,
  parseRecipients,
} from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { OptionPicker } from '../../components/option-picker';
import { localToday } from '../../lib/dates';
import { numberFormat } from '../../lib/intl';
import { AppDialog } from '../../shell/app-dialog';
import { fetchLookups, fetchVendors, type Order, type OrderInput, orderingKeys } from './api';
import { OrderDialogHeader } from './order-dialog-header';
import { emptyLine, initialOrderForm, type OrderFormValues, orderFormInput } from './order-form';
import { draftTotal, type LineDraft, OrderLineRow } from './order-lines';
import { useRuleMessage } from './rule-message';
import { useOrderActions } from './use-order-actions';

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
  const counter = useRef(0);
  const key = () => {
    counter.current += 1;
    return counter.current;
  };
  const lookups = useQuery({ queryKey: orderingKeys.lookups(tenant), queryFn: () => fetchLookups(tenant), staleTime: 5 * 60_000 });
  const vendors = useQuery({ queryKey: orderingKeys.vendors(tenant), queryFn: () => fetchVendors(tenant), staleTime: 5 * 60_000 });
  const { control, register, handleSubmit, watch, setValue, setError, clearErrors, formState } = useForm<OrderFormValues>({
    defaultValues: initialOrderForm(order, key),
  });
  const lines = useFieldArray({ control, name: 'lines', keyName: 'fieldKey' as never });
  const values = watch();
  const archived = order !== null && order.status !== ORDER_STATUS.active;
  const readOnly = !mayChange || archived;
  const errors = formState.errors as FieldErrors<OrderFormValues>;
  const activeVendors = (vendors.data ?? []).filter((v) => v.status === 1 || v.id === values.vendor_id);
  const vendor = activeVendors.find((v) => v.id === values.vendor_id) ?? null;
  const lapsed = vendor && insuranceLapsed(vendor.insurance_expires, localToday()) ? vendor : null;
  const rule = useRuleMessage();
  const { save, resend, duplicate, archive, busy, serverError, setServerError } = useOrderActions({
    tenant,
    order,
    archived,
    onClose,
    onOpen,
  });

  /** The form as the server's input, checked with core's schema; field errors set on the form. */
  const toInput = (v: OrderFormValues, send: boolean): OrderInput | null => {
    clearErrors();
    setServerError(null);
    const input = orderFormInput(v) satisfies OrderForm;
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
          <OrderDialogHeader
            order={order}
            busy={busy}
            mayChange={mayChange}
            archived={archived}
            onDuplicate={() => duplicate.mutate()}
            onArchive={() => archive.mutate()}
          />
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
              <OptionPicker
                options={jobs}
                disabled={readOnly}
                value={jobs.find((j) => j.id === field.value) ?? null}
                onChange={(v) => field.onChange(v?.id ?? null)}
                getOptionLabel={(o) => o.label}
                loading={lookups.isPending}
                inputRef={field.ref}
                label={t('dialog.job')}
                required
                error={Boolean(errors.jobs_id)}
                helperText={errors.jobs_id?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="vendor_id"
            render={({ field }) => (
              <OptionPicker
                options={activeVendors}
                disabled={readOnly}
                value={vendor}
                onChange={(v) => {
                  field.onChange(v?.id ?? null);
                  // The vendor's order addresses fill an empty "Send to".
                  if (v?.emails && !values.to_emails.trim()) setValue('to_emails', v.emails);
                }}
                getOptionLabel={(o) => o.name}
                loading={vendors.isPending}
                inputRef={field.ref}
                label={t('dialog.vendor')}
                required
                error={Boolean(errors.vendor_id)}
                helperText={errors.vendor_id?.message}
              />
            )}
          />
        </Box>
        {lapsed && <Alert severity="warning">{t('dialog.insurance', { vendor: lapsed.name, date: lapsed.insurance_expires })}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 2fr' } }}>
          <DateField
            label={t('dialog.orderDate')}
            required
            disabled={readOnly}
            {...register('order_date')}
            error={Boolean(errors.order_date)}
            helperText={errors.order_date?.message}
          />
          <DateField
            label={t('dialog.deliverDate')}
            disabled={readOnly}
            {...register('deliver_date')}
            error={Boolean(errors.deliver_date)}
            helperText={errors.deliver_date?.message}
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
              <Button startIcon={<AddIcon />} onClick={() => lines.append(emptyLine(key()))}>
                {t('dialog.addLine')}
              </Button>
            ) : (
              <span />
            )}
            <Typography variant="h6" component="p" data-testid="order-total">
              {t('dialog.total')}:{' '}
              {numberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(draftTotal(values.lines) / 100)}
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
