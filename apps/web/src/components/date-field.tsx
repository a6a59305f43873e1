import { TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'label'> & {
  /** What the field asks for: a day (the default, '2026-03-02'), a month ('2026-03') or a day and time ('2026-03-02T07:30'). */
  type?: 'date' | 'month' | 'datetime-local';
  label: ReactNode;
};

/**
 * The one way the app takes a date (issue 45): the browser's own date input in a MUI TextField, so phones open their
 * native calendar. Its value is the app's ISO string ('' when empty); the label sits above it always (an empty date
 * input shows the browser's placeholder); on a phone it is at least 44 px tall, even when small, so a gloved finger
 * hits it. Spreads like a TextField, react-hook-form's register() included.
 */
export function DateField({ type = 'date', slotProps, sx, ...props }: DateFieldProps) {
  return (
    <TextField
      {...props}
      type={type}
      slotProps={{ ...slotProps, inputLabel: { shrink: true } }}
      sx={[
        (theme) => ({ '& .MuiInputBase-root': { minHeight: 44, [theme.breakpoints.up('sm')]: { minHeight: 'auto' } } }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
