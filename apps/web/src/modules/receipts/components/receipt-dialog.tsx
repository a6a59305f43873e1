import { PAYMENT_METHODS, parseCents, RECEIPT_LIMITS, receiptSaveSchema } from '@groundwork/core/receipts';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Autocomplete,
  Box,
  Button,
  DialogContentText,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileGallery } from '../../../components/files/file-gallery';
import { FileUploadField } from '../../../components/files/file-upload-dialog';
import { useFileUploads } from '../../../components/files/use-file-uploads';
import { localToday } from '../../../lib/dates';
import { AppDialog } from '../../../shell/app-dialog';
import type { SaveReceiptInput } from '../api/mutations';
import type { Receipt } from '../api/queries';
import { ruleMessage } from '../lib/messages';
import { formatCents } from '../lib/money';
import { type SplitLine, splitInputs, summarizeSplits } from '../lib/splits';
import { StatusLabel } from './receipt-card';
import { SplitEditor } from './split-editor';
import { useReceiptActions } from './use-receipt-actions';
import type { ReceiptLookups } from './use-receipt-lookups';

export const RECEIPTS_SOURCE_TABLE = 'receipts';

interface FormValues {
  receipt_date: string;
  jobs_id: number | null;
  amount: string;
  vendor: string;
  tax: string;
  costcodes_id: number | null;
  payment_method: string;
  notes: string;
  employees_id: number | null;
  split: boolean;
  splits: SplitLine[];
}

interface ReceiptDialogProps {
  tenant: string;
  /** null adds a receipt. */
  receipt: Receipt | null;
  /** receipts_admin / admin_access: change, split, archive, delete, name the person. */
  admin: boolean;
  lookups: ReceiptLookups;
  onClose: () => void;
}

function initialValues(receipt: Receipt | null, key: () => number): FormValues {
  const cents = (v: number | null | undefined) => (v == null ? '' : formatCents(v));
  return {
    receipt_date: receipt?.receipt_date ?? localToday(),
    jobs_id: receipt?.jobs_id ?? null,
    amount: receipt ? cents(receipt.amount_cents) : '',
    vendor: receipt?.vendor ?? '',
    tax: cents(receipt?.tax_cents),
    costcodes_id: receipt?.costcodes_id ?? null,
    payment_method: receipt?.payment_method ?? '',
    notes: receipt?.notes ?? '',
    employees_id: receipt?.employees_id ?? null,
    split: (receipt?.splits.length ?? 0) > 0,
    splits: (receipt?.splits ?? []).map((s) => ({
      key: key(),
      jobs_id: s.jobs_id,
      costcodes_id: s.costcodes_id ?? null,
      amount: formatCents(s.amount_cents),
    })),
  };
}

const FIELD_OF: Record<string, keyof FormValues> = {
  receipt_date: 'receipt_date',
  amount_cents: 'amount',
  tax_cents: 'tax',
  vendor: 'vendor',
  notes: 'notes',
  payment_method: 'payment_method',
  jobs_id: 'jobs_id',
  costcodes_id: 'costcodes_id',
  employees_id: 'employees_id',
  splits: 'splits',
};

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

  const toInput = (values: FormValues): { input?: SaveReceiptInput; errors: FieldErrors<FormValues> } => {
    const errors: FieldErrors<FormValues> = {};
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

  const resolver: Resolver<FormValues> = async (values) => {
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
  } = useForm<FormValues>({ resolver, defaultValues: initialValues(receipt, newKey), mode: 'onSubmit', reValidateMode: 'onChange' });

  const split = watch('split');
  const splits = watch('splits');
  const jobId = watch('jobs_id');
  const totalCents = parseCents(watch('amount'));
  const summary = summarizeSplits(totalCents, splits);
  const hasDetails = Boolean(
    receipt && (receipt.vendor || receipt.tax_cents != null || receipt.costcodes_id || receipt.payment_method || receipt.notes),
  );
  const [detailsOpen, setDetailsOpen] = useState(hasDetails);

  const submit = handleSubmit((values) => {
    const { input } = toInput(values);
    if (input) save.mutate(input, { onSuccess: onClose });
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
            <Button
              size="small"
              startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />}
              disabled={busy}
              onClick={() => archive.mutate({ id: receipt.id, restore: archived }, { onSuccess: onClose })}
            >
              {archived ? t('dialog.restore') : t('dialog.archive')}
            </Button>
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
              <Autocomplete
                options={jobOptions}
                value={jobOptions.find((j) => j.id === field.value) ?? null}
                onChange={(_e, next) => {
                  field.onChange(next?.id ?? null);
                  setValue('costcodes_id', null);
                }}
                onBlur={field.onBlur}
                getOptionLabel={(o) => o.label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={lookups.loading}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('form.job')}
                    required
                    error={Boolean(errors.jobs_id)}
                    helperText={errors.jobs_id?.message ?? (lookups.failed ? t('form.jobsFailed') : undefined)}
                  />
                )}
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
          <TextField
            label={t('form.date')}
            type="date"
            required
            fullWidth
            {...register('receipt_date')}
            error={Boolean(errors.receipt_date)}
            helperText={errors.receipt_date?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {admin && (
          <Box>
            {split ? (
              <Stack spacing={1}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle2" component="h3">
                    {t('split.title')}
                  </Typography>
                  <Button size="small" onClick={endSplit}>
                    {t('split.stop')}
                  </Button>
                </Stack>
                <Controller
                  control={control}
                  name="splits"
                  render={({ field }) => (
                    <SplitEditor
                      totalCents={totalCents}
                      lines={field.value}
                      onChange={field.onChange}
                      jobs={lookups.jobs}
                      codesFor={lookups.codesFor}
                      newKey={newKey}
                      disabled={busy}
                    />
                  )}
                />
              </Stack>
            ) : (
              <Button startIcon={<CallSplitIcon />} onClick={startSplit}>
                {t('split.start')}
              </Button>
            )}
          </Box>
        )}
        <Accordion
          expanded={detailsOpen}
          onChange={(_e, open) => setDetailsOpen(open)}
          disableGutters
          variant="outlined"
          sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>{t('form.moreDetails')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Stack spacing={2}>
              <TextField
                label={t('form.vendor')}
                {...register('vendor')}
                error={Boolean(errors.vendor)}
                helperText={errors.vendor?.message}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('form.tax')}
                  fullWidth
                  {...register('tax')}
                  error={Boolean(errors.tax)}
                  helperText={errors.tax?.message}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  }}
                />
                <Controller
                  control={control}
                  name="payment_method"
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t('form.paymentMethod')}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      error={Boolean(errors.payment_method)}
                      helperText={errors.payment_method?.message}
                    >
                      <MenuItem value="">
                        <em>{t('form.none')}</em>
                      </MenuItem>
                      {PAYMENT_METHODS.map((m) => (
                        <MenuItem key={m} value={m}>
                          {t(`payment.${m}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              {!split && (
                <Controller
                  control={control}
                  name="costcodes_id"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('form.costcode')}
                      value={field.value ?? ''}
                      disabled={jobId === null}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                      helperText={jobId === null ? t('form.costcodeHelp') : undefined}
                    >
                      <MenuItem value="">
                        <em>{t('form.none')}</em>
                      </MenuItem>
                      {codeOptions.map((c) => (
                        <MenuItem key={c.id} value={c.id}>
                          {c.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              {admin && (
                <Controller
                  control={control}
                  name="employees_id"
                  render={({ field }) => (
                    <Autocomplete
                      options={lookups.people}
                      value={lookups.people.find((p) => p.id === field.value) ?? null}
                      onChange={(_e, next) => field.onChange(next?.id ?? null)}
                      getOptionLabel={(o) => o.label}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label={t('form.person')}
                          helperText={errors.employees_id?.message ?? t('form.personHelp')}
                          error={Boolean(errors.employees_id)}
                        />
                      )}
                    />
                  )}
                />
              )}
              <TextField
                label={t('form.notes')}
                multiline
                minRows={2}
                {...register('notes')}
                error={Boolean(errors.notes)}
                helperText={errors.notes?.message}
              />
            </Stack>
          </AccordionDetails>
        </Accordion>
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
