import type { IsoDate } from '@groundwork/core/pay-periods';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDialog, type AppDialogProps } from '../../../shell/app-dialog';
import { formatDayLong } from '../lib/dates';
import type { ParsedHours } from '../lib/hours';

/** A time-card dialog: shown while mounted, its Cancel closes it like the close control does. */
export function TimecardDialog(props: Omit<AppDialogProps, 'open' | 'cancelButton'>) {
  const { t } = useTranslation('timecards');
  return <AppDialog open cancelButton={{ onClick: props.onClose, label: t('entry.cancel') }} {...props} />;
}

interface DayFieldProps {
  dates: readonly IsoDate[];
  value: IsoDate;
  onChange: (date: IsoDate) => void;
  disabled?: boolean;
}

/** The day of the period a dialog books to. */
export function DayField({ dates, value, onChange, disabled }: DayFieldProps) {
  const { t, i18n } = useTranslation('timecards');
  return (
    <TextField select label={t('entry.date')} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      {dates.map((d) => (
        <MenuItem key={d} value={d}>
          {formatDayLong(d, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface HoursFieldProps {
  value: string;
  /** `value` as parseHours reads it: the dialog needs it to save, so it is parsed there once. */
  parsed: ParsedHours;
  increment: number;
  /** Empty hours are an error only once the dialog was submitted. */
  submitted: boolean;
  onChange: (value: string) => void;
}

/** A line's hours, checked as they are typed; a phone opens its number keyboard. */
export function HoursField({ value, parsed, increment, submitted, onChange }: HoursFieldProps) {
  const { t } = useTranslation('timecards');
  const error = !parsed.ok
    ? t(`entry.hours_${parsed.reason}`, { minutes: increment })
    : submitted && parsed.hours === 0
      ? t('entry.required')
      : null;
  return (
    <TextField
      label={t('entry.hours')}
      value={value}
      required
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? t('entry.hoursHelp', { minutes: increment })}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}

/** Longer notes than the server keeps are refused before saving. */
export const noteTooLong = (note: string) => note.length > 1000;

interface NoteFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A free-text note of a few lines, up to the length the server keeps. */
export function NoteField({ label, value, onChange }: NoteFieldProps) {
  const { t } = useTranslation('timecards');
  const error = noteTooLong(value) ? t('entry.noteTooLong') : null;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={2}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
