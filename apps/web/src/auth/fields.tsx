import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, Stack, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password field with the spec §2 show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      inputRef={ref}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});

/** A one-time code field: numeric keypad on phones, and the browser may fill a texted code. */
export const CodeField = forwardRef<HTMLInputElement, TextFieldProps>(function CodeField(props, ref) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.code')}
      autoComplete="one-time-code"
      autoFocus
      fullWidth
      {...props}
      inputRef={ref}
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'numeric', ...props.slotProps?.htmlInput } }}
    />
  );
});

/** A form's way back (left) and its submit button (right), busy while the form is being sent. */
export function FormActions(props: { cancelLabel: string; onCancel: () => void; submitLabel: string; busy: boolean; disabled?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Button onClick={props.onCancel} color="secondary">
        {props.cancelLabel}
      </Button>
      <Button type="submit" variant="contained" loading={props.busy} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </Stack>
  );
}
