import { parseCents, RECEIPT_LIMITS, receiptSaveSchema } from '@groundwork/core/receipts';
import { Alert, Box, DialogContentText, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ArchiveToggleButton } from '../../../components/archive-toggle-button';
import { DateField } from '../../../components/date-field';
import { FileGallery } from '../../../components/files/file-gallery';
import { FileUploadField } from '../../../components/files/file-upload-dialog';
import { useFileUploads } from '../../../components/files/use-file-uploads';
import { OptionPicker } from '../../../components/option-picker';
import { AppDialog } from '../../../shell/app-dialog';
import type { SaveReceiptInput } from '../api/mutations';
import type { Receipt } from '../api/queries';
import { ruleMessage } from '../lib/messages';
import { FIELD_OF, initialValues, type ReceiptFormValues } from '../lib/receipt-form';
import { splitInputs, summarizeSplits } from '../lib/splits';
import { StatusLabel } from './receipt-card';
import { ReceiptMoreDetails } from './receipt-more-details';
import { ReceiptSplitSection } from './receipt-split-section';
import { RECEIPTS_SOURCE_TABLE, useReceiptActions } from './use-receipt-actions';
import type { ReceiptLookups } from './use-receipt-lookups';

interface ReceiptDialogProps {
  tenant: string;
  /** null adds a receipt. */
  receipt: Receipt | null;
  /** receipts_admin / admin_access: change, split, archive, delete, name the person. */
  admin: boolean;
  lookups: ReceiptLookups;
  onClose: () => void;
}

/** Add a receipt (photo, job, amount; the rest under "More details"), or, for admins, change, split, archive or delete one. */
export function ReceiptDialog({ tenant, receipt, admin, lookups, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation('receipts');
  const keyCounter = useRef(0);
  const newKey = () => {
    keyCounter.current += 1;
    return keyCounter.current;
  };
  const [tooMany, setTooMany] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const uploads = useFileUploads({
    tenant,
    sourceTable: RECEIPTS_SOURCE_TABLE,
    initial: receipt?.files ?? [],
    max: RECEIPT_LIMITS.maxFiles,
    onTooMany: () => setTooMany(true),
  });
  const { save, archive, remove } = useReceiptActions(tenant);
  const editing = receipt !== null;
  const readOnly = editing && !admin;

  const toInput = (values: ReceiptFormValues): { input?: SaveReceiptInput; errors: FieldErrors<ReceiptFormValues> } => {
    const errors: FieldErrors<ReceiptFormValues> = {};
    const required = { type: 'required', message: t('rules.required') };
    const amount = parseCents(values.amount);
    if (values.amount.trim() === '') errors.amount = required;
    else if (amount === null) errors.amount = { type: 'format', message: t('rules.amount') };
    const tax = values.tax.trim() === '' ? null : parseCents(values.tax);
    if (values.tax.trim() !== '' && tax === null) errors.tax = { type: 'format', message: t('rules.amount') };
    if (!values.split && values.jobs_id === null) errors.jobs_id = { type: 'required', message: t('rules.required') };
    if (Object.keys(errors).length) return { errors };
    const lines = values.split ? splitInputs(values.splits) : null;
    const input: SaveReceiptInput = {
      ...(receipt ? { id: receipt.id } : {}),
      receipt_date: values.receipt_date,
      jobs_id: lines ? lines[0]?.jobs_id : values.jobs_id,
      costcodes_id: lines ? (lines[0]?.costcodes_id ?? null) : values.costcodes_id,
      vendor: values.vendor.trim() || null,
      amount_cents: amount ?? 0,
      tax_cents: tax,
      payment_method: values.payment_method || null,
      notes: values.notes.trim() || null,
      ...(admin && values.employees_id !== null ? { employees_id: values.employees_id } : {}),
      file_uuids: uploads.files.map((f) => f.uuid),
      splits: lines ?? [],
    };
    const parsed = receiptSaveSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field && !errors[field]) errors[field] = { type: 'rule', message: ruleMessage(issue.message, t) };
      }
      return { errors };
    }
    return { input, errors };
  };

  const resolver: Resolver<ReceiptFormValues> = async (values) => {
    const { input, errors } = toInput(values);
    return input ? { values, errors: {} } : { values: {}, errors };
  };

  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ReceiptFormValues>({ resolver, defaultValues: initialValues(receipt, newKey), mode: 'onSubmit', reValidateMode: 'onChange' });

  const split = watch('split');
  const splits = watch('splits');
  const jobId = watch('jobs_id');
  const totalCents = parseCents(watch('amount'));
  const summary = summarizeSplits(totalCents, splits);
  const hasDetails = Boolean(
    receipt && (receipt.vendor || receipt.tax_cents != null || receipt.costcodes_id || receipt.payment_method || receipt.notes),
  );
  const [detailsOpen, setDetailsOpen] = useState(hasDetails);

  // Photos whose upload the lost signal stopped: they wait on the phone with the receipt.
  const offlinePhotos = uploads.items.flatMap((i) => (i.file && i.state === 'error' && i.error === null ? [i.file] : []));
  const submit = handleSubmit((values) => {
    const { input } = toInput(values);
    if (!input) return;
    const job = lookups.jobs.find((j) => j.id === input.jobs_id)?.label ?? '';
    const label = t('messages.outboxLabel', { amount: values.amount.trim(), job, date: values.receipt_date });
    save.mutate({ input, photos: editing ? [] : offlinePhotos, label }, { onSuccess: onClose });
  });

  const startSplit = () => {
    const amount = watch('amount');
    setValue('splits', [
      { key: newKey(), jobs_id: jobId, costcodes_id: watch('costcodes_id'), amount: parseCents(amount) !== null ? amount.trim() : '' },
      { key: newKey(), jobs_id: null, costcodes_id: null, amount: '' },
    ]);
    setValue('split', true);
  };
  const endSplit = () => {
    const first = splits[0];
    if (first) {
      setValue('jobs_id', first.jobs_id);
      setValue('costcodes_id', first.costcodes_id);
    }
    setValue('split', false);
    setValue('splits', []);
  };

  const busy = save.isPending || archive.isPending || remove.isPending;
  const archived = receipt !== null && receipt.status !== 1;
  const jobOptions =
    receipt?.jobs_id && !lookups.jobs.some((j) => j.id === receipt.jobs_id)
      ? [...lookups.jobs, { id: receipt.jobs_id, label: lookups.jobName(receipt.jobs_id, receipt.job_label) }]
      : lookups.jobs;
  const codeOptions = (() => {
    const codes = lookups.codesFor(jobId);
    const current = receipt?.costcodes_id;
    return current && jobId === receipt?.jobs_id && !codes.some((c) => c.id === current)
      ? [...codes, { id: current, label: lookups.codeName(current) }]
      : codes;
  })();
  const title = editing ? t('dialog.editTitle') : t('dialog.addTitle');

  if (confirmDelete && receipt) {
    return (
      <AppDialog
        open
        onClose={() => setConfirmDelete(false)}
        title={t('dialog.deleteTitle')}
        loading={remove.isPending}
        cancelButton={{ onClick: () => setConfirmDelete(false), label: t('dialog.cancel') }}
        actionButton={{ onClick: () => remove.mutate(receipt.id, { onSuccess: onClose }), label: t('dialog.delete'), color: 'error' }}
      >
        <DialogContentText>{t('dialog.deleteBody')}</DialogContentText>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      editMode={!readOnly}
      loading={busy}
      width={admin ? 780 : 560}
      header={
        editing && admin ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusLabel status={receipt.status} />
            {receipt.employee_name && (
              <Typography variant="body2" color="text.secondary">
                · {receipt.employee_name}
              </Typography>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <ArchiveToggleButton
              archived={archived}
              disabled={busy}
              onClick={() => archive.mutate({ id: receipt.id, restore: archived }, { onSuccess: onClose })}
              archiveLabel={t('dialog.archive')}
              restoreLabel={t('dialog.restore')}
            />
          </Stack>
        ) : undefined
      }
      cancelButton={{ onClick: onClose, label: t('dialog.cancel') }}
      actionButton={readOnly ? undefined : { onClick: () => void submit(), label: t('dialog.save') }}
      actionButtonDisabled={uploads.uploading || (split && !summary.valid)}
      deleteButton={editing && admin ? { onClick: () => setConfirmDelete(true), label: t('dialog.delete') } : undefined}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Box>
          {uploads.files.length > 0 && (
            <Box sx={{ mb: 1.5 }}>
              <FileGallery files={uploads.files} label={t('form.photos')} size={88} onRemove={(f) => uploads.removeFile(f.uuid)} />
            </Box>
          )}
          <FileUploadField uploads={uploads} label={uploads.files.length ? undefined : t('form.photo')} showDone={false} />
          {tooMany && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('rules.tooManyFiles')}
            </Alert>
          )}
        </Box>
        {!split && (
          <Controller
            control={control}
            name="jobs_id"
            render={({ field }) => (
              <OptionPicker
                options={jobOptions}
                value={jobOptions.find((j) => j.id === field.value) ?? null}
                onChange={(next) => {
                  field.onChange(next?.id ?? null);
                  setValue('costcodes_id', null);
                }}
                onBlur={field.onBlur}
                getOptionLabel={(o) => o.label}
                loading={lookups.loading}
                inputRef={field.ref}
                label={t('form.job')}
                required
                error={Boolean(errors.jobs_id)}
                helperText={errors.jobs_id?.message ?? (lookups.failed ? t('form.jobsFailed') : undefined)}
              />
            )}
          />
        )}
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('form.amount')}
            required
            fullWidth
            {...register('amount')}
            error={Boolean(errors.amount)}
            helperText={errors.amount?.message}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <DateField
            label={t('form.date')}
            required
            fullWidth
            {...register('receipt_date')}
            error={Boolean(errors.receipt_date)}
            helperText={errors.receipt_date?.message}
          />
        </Stack>
        {admin && (
          <ReceiptSplitSection
            control={control}
            split={split}
            totalCents={totalCents}
            jobs={lookups.jobs}
            codesFor={lookups.codesFor}
            newKey={newKey}
            disabled={busy}
            onStart={startSplit}
            onEnd={endSplit}
          />
        )}
        <ReceiptMoreDetails
          control={control}
          register={register}
          errors={errors}
          expanded={detailsOpen}
          onExpandedChange={setDetailsOpen}
          split={split}
          jobId={jobId}
          codeOptions={codeOptions}
          admin={admin}
          people={lookups.people}
        />
        {!editing && offlinePhotos.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('form.photoKeptOffline', { count: offlinePhotos.length })}
          </Typography>
        )}
        {uploads.uploading && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('form.waitForUploads')}
          </Typography>
        )}
        {errors.splits?.message && <Alert severity="error">{errors.splits.message}</Alert>}
      </Stack>
    </AppDialog>
  );
}
