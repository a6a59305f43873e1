import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from './snackbar';

// Spec §9: the double-back exit window.
export const EXIT_WINDOW_MS = 2000;

export type BackButtonResult = 'closed-overlay' | 'navigated-back' | 'armed-exit' | 'exited';

declare global {
  interface Window {
    /** Called by the Android web view (and tests) when the hardware back button is pressed. */
    groundworkBack?: () => BackButtonResult;
  }
}

interface BackButtonDeps {
  /** Labels a cancel button may carry, in the current language. */
  cancelLabels: () => string[];
  showExitHint: () => void;
  exit: () => void;
  goBack: () => void;
  pathname: () => string;
  now?: () => number;
}

// MUI modals (dialogs, temporary drawers, menus) portal to <body> in opening order, so the last open one is on top.
function topmostOverlay(): HTMLElement | null {
  const overlays = [...document.querySelectorAll<HTMLElement>('.MuiModal-root:not(.MuiModal-hidden)')].filter(
    (overlay) => overlay.getAttribute('aria-hidden') !== 'true',
  );
  return overlays.at(-1) ?? null;
}

function findCancelButton(overlay: HTMLElement, labels: string[]): HTMLElement | null {
  const wanted = new Set(labels.map((label) => label.trim().toLowerCase()));
  for (const button of overlay.querySelectorAll<HTMLElement>('button, [role="button"]')) {
    const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim().toLowerCase();
    if (wanted.has(name)) return button;
  }
  return null;
}

/**
 * Spec §2, §4: close the topmost overlay (its close button, else a cancel button); elsewhere than "/" go back;
 * on "/" the first press arms a 2 s exit window and a second press inside it exits.
 */
export function createBackButtonHandler(deps: BackButtonDeps): () => BackButtonResult {
  const now = deps.now ?? Date.now;
  let armedAt: number | null = null;
  return () => {
    const overlay = topmostOverlay();
    if (overlay) {
      const button = overlay.querySelector<HTMLElement>('[data-overlay-close]') ?? findCancelButton(overlay, deps.cancelLabels());
      if (button) button.click();
      // Drawers and menus have no close button but close on Escape; persistent overlays ignore it.
      else overlay.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      return 'closed-overlay';
    }
    if (deps.pathname() !== '/') {
      armedAt = null;
      deps.goBack();
      return 'navigated-back';
    }
    if (armedAt !== null && now() - armedAt < EXIT_WINDOW_MS) {
      armedAt = null;
      deps.exit();
      return 'exited';
    }
    armedAt = now();
    deps.showExitHint();
    return 'armed-exit';
  };
}

interface BackButtonHandlerProps {
  /** How the app leaves; the web view may inject its own. */
  exit?: () => void;
}

/** Installs `window.groundworkBack` for the Android web view. Renders nothing. */
export function BackButtonHandler({ exit = () => window.close() }: BackButtonHandlerProps) {
  const { t, i18n } = useTranslation('shell');
  const { show } = useSnackbar();
  // Latest values without re-creating the handler (which would disarm a pending exit).
  const latest = useRef({ t, i18n, show, exit });
  latest.current = { t, i18n, show, exit };

  useEffect(() => {
    const handler = createBackButtonHandler({
      cancelLabels: () => {
        const { t: translate, i18n: instance } = latest.current;
        // English 'cancel' always counts: buttons from other code may not be translated.
        return ['cancel', translate('dialog.cancel'), instance.getFixedT('en', 'shell')('dialog.cancel')];
      },
      showExitHint: () => latest.current.show({ message: latest.current.t('back.pressAgainToExit'), color: 'info' }),
      exit: () => latest.current.exit(),
      goBack: () => window.history.back(),
      pathname: () => window.location.pathname,
    });
    window.groundworkBack = handler;
    return () => {
      if (window.groundworkBack === handler) delete window.groundworkBack;
    };
  }, []);
  return null;
}
