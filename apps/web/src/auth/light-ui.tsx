import {
  type ButtonHTMLAttributes,
  forwardRef,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../shell/use-document-title';
import { useAuthNav } from './auth-nav';
import './light-ui.css';

// The sign-in screens' own small set of controls (issue 28): plain elements and one stylesheet, so a phone on a
// weak signal opens /login without the component library. They look like the app's (shell/theme.ts colours) and
// carry the same names, labels and roles.

const ICONS = {
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  key: 'M21 10h-8.35C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H13l2 2 2-2 2 2 4-4.04zM7 15c-1.65 0-3-1.35-3-3s1.35-3 3-3 3 1.35 3 3-1.35 3-3 3',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11 9h2V7h-2m1 13c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-18a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-1 15h2v-6h-2z',
  success: 'M20 12a8 8 0 1 1-5.8-7.69l1.57-1.57A10 10 0 1 0 22 12M7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17z',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
} as const;

export function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="gw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

// Spec §9: the sign-in screens switch to their mobile layout under 501 px.
const AUTH_MOBILE_QUERY = '(max-width:500.98px)';

function useMatchMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** The theme stored in this browser (spec §3 `theme`, light unless it says dark), as the signed-in app reads it. */
function storedThemeMode(): 'light' | 'dark' {
  try {
    return localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Sign-in screens: a full-width sheet on phones, a centred card with the product name on wider screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const mobile = useMatchMedia(AUTH_MOBILE_QUERY);
  const [mode] = useState(storedThemeMode);
  useDocumentTitle(title);
  return (
    <div className={`gw-auth gw-auth-${mode}`} data-testid={mobile ? 'auth-mobile' : 'auth-desktop'}>
      <div className="gw-auth-column">
        <h1 className="gw-auth-product">{t('card.product')}</h1>
        <div className="gw-auth-card">
          <h2 className="gw-auth-title">{title}</h2>
          {children}
        </div>
      </div>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  /** A message in the field's error colour; the input is marked invalid. */
  error?: string;
  /** Help under the field when there is no error. */
  helper?: string;
  end?: ReactNode;
};

/** A labelled input with its help or error line under it (the line keeps its height, so nothing jumps). */
export const TextInput = forwardRef<HTMLInputElement, FieldProps>(function TextInput({ label, error, helper, end, ...input }, ref) {
  const id = useId();
  const helpId = `${id}-help`;
  const help = error ?? helper;
  return (
    <div className={error ? 'gw-field gw-field-error' : 'gw-field'}>
      <label className="gw-label" htmlFor={id}>
        {label}
      </label>
      <div className="gw-input-box">
        <input
          id={id}
          className="gw-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={help ? helpId : undefined}
          {...input}
          ref={ref}
        />
        {end}
      </div>
      <p id={helpId} className="gw-help">
        {help}
      </p>
    </div>
  );
});

/** A password field with the spec §2 show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'end'>>(function PasswordInput(props, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="gw-icon-button"
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
});

/** A one-time code field: numeric keypad on phones, and the browser may fill a texted code. */
export const CodeInput = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'> & { label?: string }>(function CodeInput(props, ref) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('fields.code')} autoComplete="one-time-code" inputMode="numeric" autoFocus {...props} ref={ref} />;
});

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'contained' | 'outlined' | 'text';
  /** Busy: the button is off and shows a spinner beside its label. */
  loading?: boolean;
  large?: boolean;
  icon?: ReactNode;
};

export function Button({ variant = 'text', loading = false, large = false, icon, disabled, className, children, ...rest }: ButtonProps) {
  const classes = ['gw-button', `gw-button-${variant}`, large ? 'gw-button-large' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <span className="gw-spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

export type Severity = 'error' | 'warning' | 'info' | 'success';

/** A message on the card: errors are alerts (read out at once), the rest statuses. */
export function Notice({
  severity,
  role,
  action,
  children,
}: {
  severity: Severity;
  role?: 'alert' | 'status';
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`gw-notice gw-notice-${severity}`} role={role ?? (severity === 'error' ? 'alert' : 'status')}>
      <Icon name={severity} />
      <div className="gw-notice-text">{children}</div>
      {action && <div className="gw-notice-action">{action}</div>}
    </div>
  );
}

/** A link between the sign-in screens, followed without a page load where the screen is a sign-in one. */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  const nav = useAuthNav();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    nav.navigate(href);
  };
  return (
    <a className="gw-link" href={href} onClick={onClick}>
      {children}
    </a>
  );
}

/** A form's way back (left) and its submit button (right), busy while the form is being sent. */
export function FormActions(props: { cancelLabel: string; onCancel: () => void; submitLabel: string; busy: boolean; disabled?: boolean }) {
  return (
    <div className="gw-row gw-row-between">
      <Button onClick={props.onCancel}>{props.cancelLabel}</Button>
      <Button type="submit" variant="contained" loading={props.busy} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </div>
  );
}

/** An indeterminate progress line. */
export function Progress({ label }: { label: string }) {
  return <div className="gw-progress" role="progressbar" aria-label={label} />;
}
