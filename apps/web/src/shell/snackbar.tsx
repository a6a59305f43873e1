import BugReportIcon from '@mui/icons-material/BugReport';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Alert, Snackbar } from '@mui/material';
import { createContext, type PointerEvent, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SnackbarColor = 'success' | 'error' | 'info' | 'warning';

export interface SnackbarMessage {
  message: string;
  color: SnackbarColor;
  /** Replaces the colour's default icon; `false` shows none. */
  icon?: ReactNode | false;
}

interface SnackbarApi {
  show(message: SnackbarMessage): void;
  /** Follows tenant setting 17 once the tenant's settings load. */
  setEnabled(enabled: boolean): void;
}

// Spec §9: 2000 ms; a horizontal swipe longer than 50 px dismisses.
const SNACKBAR_TIMEOUT_MS = 2000;
const SWIPE_DISMISS_PX = 50;

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}

// Spec §8: errors carry a bug icon, info an info icon; success and warning keep MUI's icons.
function defaultIcon(color: SnackbarColor): ReactNode | undefined {
  if (color === 'error') return <BugReportIcon fontSize="inherit" />;
  if (color === 'info') return <InfoOutlinedIcon fontSize="inherit" />;
  return undefined;
}

interface SnackbarState extends SnackbarMessage {
  key: number;
}

interface Shown {
  current: SnackbarState | null;
  open: boolean;
  next: SnackbarState | null;
}

interface SnackbarProviderProps {
  /** Tenant setting 17 (default on): when off, messages are dropped. */
  enabled?: boolean;
  children: ReactNode;
}

export function SnackbarProvider({ enabled: enabledProp = true, children }: SnackbarProviderProps) {
  const { t } = useTranslation('shell');
  const [enabled, setEnabled] = useState(enabledProp);
  useEffect(() => setEnabled(enabledProp), [enabledProp]);
  // One state for the message and whether it shows: a close is for the message it was raised on. Without that, the
  // old message's timeout firing just after a new one was asked for (a busy phone) hid the new one before it showed.
  // An error on screen is not replaced by a routine message (a save finishing a moment later): the routine one
  // waits (`next`, the latest only) until the error is closed or times out, so a refusal is always read.
  const [shown, setShown] = useState<Shown>({ current: null, open: false, next: null });
  const { current, open } = shown;
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  // A message under the person's finger (or mouse button) does not time out; the 2 s start again when it is let go.
  const [held, setHeld] = useState(false);
  const counter = useRef(0);

  const show = useCallback(
    (message: SnackbarMessage) => {
      if (!enabled) return;
      counter.current += 1;
      const asked = { ...message, key: counter.current };
      setShown((state) => {
        if (state.open && state.current?.color === 'error' && asked.color !== 'error') return { ...state, next: asked };
        return { current: asked, open: true, next: null };
      });
    },
    [enabled],
  );
  const api = useMemo(() => ({ show, setEnabled }), [show]);

  const key = current?.key;
  // A new message starts unheld and in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new message
  useEffect(() => {
    setHeld(false);
    setOffset(0);
  }, [key]);
  const close = () => setShown((state) => (state.current?.key === key ? { ...state, open: false } : state));
  // Once the closed message has left the screen, the one that waited takes its place.
  const onExited = () => setShown((state) => (!state.open && state.next ? { current: state.next, open: true, next: null } : state));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
    setHeld(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    setHeld(false);
    if (Math.abs(distance) > SWIPE_DISMISS_PX) close();
    else setOffset(0);
  };

  const icon = current?.icon === false ? false : (current?.icon ?? (current ? defaultIcon(current.color) : undefined));

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={held ? null : SNACKBAR_TIMEOUT_MS}
        onClose={(_event, reason) => {
          // A click elsewhere should not swallow the message before it is read.
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ transition: { onExited } }}
      >
        {current ? (
          <Alert
            variant="filled"
            severity={current.color}
            icon={icon}
            onClose={close}
            closeText={t('snackbar.close')}
            data-testid="app-snackbar"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            sx={{
              width: '100%',
              touchAction: 'pan-y',
              transform: offset ? `translateX(${offset}px)` : undefined,
              opacity: offset ? Math.max(0.3, 1 - Math.abs(offset) / 200) : undefined,
            }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext.Provider>
  );
}
