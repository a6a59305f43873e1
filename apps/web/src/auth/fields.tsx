import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, Link, Stack, TextField, type TextFieldProps } from '@mui/material';
import { useRouter } from '@tanstack/react-router';
import { forwardRef, type MouseEvent, type ReactNode, useState } from 'react';
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

/**
 * A client-side link between the sign-in screens. Plain hrefs (not typed `to`) because the routes'
 * search keys (step, expired) are read loosely until the shared route-query-key schema exists.
 */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    // The theme's caramel is too light for small text on white (WCAG AA); links use the body colour, underlined.
    <Link href={href} onClick={onClick} underline="always" sx={{ color: 'text.primary' }}>
      {children}
    </Link>
  );
}
