import { PAYMENT_METHODS } from '@groundwork/core/receipts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionPicker } from '../../../components/option-picker';
import type { ReceiptFormValues } from '../lib/receipt-form';

/** The receipt form's "More details": vendor, tax, payment method, cost code, the person (admins) and notes. */
export function ReceiptMoreDetails({
  control,
  register,
  errors,
  expanded,
  onExpandedChange,
  split,
  jobId,
  codeOptions,
  admin,
  people,
}: {
  control: Control<ReceiptFormValues>;
  register: UseFormRegister<ReceiptFormValues>;
  errors: FieldErrors<ReceiptFormValues>;
  expanded: boolean;
  onExpandedChange: (open: boolean) => void;
  split: boolean;
  jobId: number | null;
  codeOptions: { id: number; label: string }[];
  admin: boolean;
  people: { id: number; label: string }[];
}) {
  const { t } = useTranslation('receipts');
  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, open) => onExpandedChange(open)}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{t('form.moreDetails')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <TextField label={t('form.vendor')} {...register('vendor')} error={Boolean(errors.vendor)} helperText={errors.vendor?.message} />
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
                <OptionPicker
                  options={people}
                  value={people.find((p) => p.id === field.value) ?? null}
                  onChange={(next) => field.onChange(next?.id ?? null)}
                  getOptionLabel={(o) => o.label}
                  label={t('form.person')}
                  helperText={errors.employees_id?.message ?? t('form.personHelp')}
                  error={Boolean(errors.employees_id)}
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
  );
}
