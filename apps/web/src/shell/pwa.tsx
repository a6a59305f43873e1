import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../lib/idle';
import { useSnackbar } from './snackbar';

/** Spec §4 service-worker states. */
export interface ServiceWorkerState {
  registered: boolean;
  activated: boolean;
  updateAvailable: boolean;
  offlineReady: boolean;
}

const NO_SERVICE_WORKER: ServiceWorkerState = { registered: false, activated: false, updateAvailable: false, offlineReady: false };

const SERVICE_WORKER_URL = '/sw.js';

interface WatchOptions {
  onChange: (patch: Partial<ServiceWorkerState>) => void;
  onRegisterError?: (error: unknown) => void;
  reload?: () => void;
}

/**
 * Registers the service worker at /sw.js (scope "/") and reports its states. The worker waits after an update
 * (vite-plugin-pwa's prompt mode); `activateUpdate` lets it take over, and any change of controlling worker
 * after the first (an update here or an activation from another tab) reloads the page.
 */
export async function watchServiceWorker(
  container: ServiceWorkerContainer,
  { onChange, onRegisterError, reload = () => window.location.reload() }: WatchOptions,
): Promise<ServiceWorkerRegistration | undefined> {
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    // The first install claiming this page changes nothing the user sees.
    if (controlled) reload();
    controlled = true;
  });

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    onRegisterError?.(error);
    return undefined;
  }
  onChange({ registered: true });

  const track = (worker: ServiceWorker) => {
    const check = () => {
      if (worker.state === 'installed') onChange(container.controller ? { updateAvailable: true } : { offlineReady: true });
      if (worker.state === 'activated') onChange({ activated: true });
    };
    check();
    worker.addEventListener('statechange', check);
  };
  if (registration.active) onChange({ activated: true });
  if (registration.waiting && container.controller) onChange({ updateAvailable: true });
  if (registration.installing) track(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) track(registration.installing);
  });
  return registration;
}

/** Chromium's install prompt event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaApi extends ServiceWorkerState {
  /** True while the browser lets us offer installation. */
  installAvailable: boolean;
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
  /** Lets a waiting update take over; the page then reloads. */
  activateUpdate(): void;
}

const PwaContext = createContext<PwaApi | null>(null);

export function usePwa(): PwaApi {
  const api = useContext(PwaContext);
  if (!api) throw new Error('usePwa must be used inside <PwaProvider>');
  return api;
}

interface PwaProviderProps {
  /** Only the production build has a service worker. */
  registerServiceWorker?: boolean;
  children: ReactNode;
}

export function PwaProvider({ registerServiceWorker = import.meta.env.PROD, children }: PwaProviderProps) {
  const { t } = useTranslation('shell');
  const { show } = useSnackbar();
  const [state, setState] = useState<ServiceWorkerState>(NO_SERVICE_WORKER);
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const installEvent = useRef<BeforeInstallPromptEvent | null>(null);
  const [installAvailable, setInstallAvailable] = useState(false);

  useEffect(() => {
    if (!registerServiceWorker || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      void watchServiceWorker(navigator.serviceWorker, {
        onChange: (patch) => setState((previous) => ({ ...previous, ...patch })),
        onRegisterError: (error) => console.error('Service worker registration failed', error),
      }).then((registered) => {
        registration.current = registered;
      });
    };
    // Installing the worker downloads every screen for offline use: only once the page has loaded and the phone is
    // idle, so on a weak signal it never competes with what the page itself is fetching (issue 28).
    let cancelIdle = () => {};
    const afterLoad = () => {
      cancelIdle = whenIdle(register);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      cancelled = true;
      cancelIdle();
      window.removeEventListener('load', afterLoad);
    };
  }, [registerServiceWorker]);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      // Keep the browser's mini-infobar away; installation is offered from the app bar menu.
      event.preventDefault();
      installEvent.current = event as BeforeInstallPromptEvent;
      setInstallAvailable(true);
    };
    const onInstalled = () => {
      installEvent.current = null;
      setInstallAvailable(false);
      show({ message: t('menu.installed'), color: 'success' });
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [show, t]);

  const install = useCallback(async () => {
    const event = installEvent.current;
    if (!event) return 'unavailable' as const;
    // A prompt event can be used once.
    installEvent.current = null;
    setInstallAvailable(false);
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') show({ message: t('menu.installCancelled'), color: 'info' });
    return outcome;
  }, [show, t]);

  const activateUpdate = useCallback(() => {
    registration.current?.waiting?.postMessage({ type: 'SKIP_WAITING' });
  }, []);

  const api = useMemo(() => ({ ...state, installAvailable, install, activateUpdate }), [state, installAvailable, install, activateUpdate]);
  return <PwaContext.Provider value={api}>{children}</PwaContext.Provider>;
}
