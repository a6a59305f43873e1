import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import { PublicApp } from './public-app';

// The light sign-in app (issue 28): /login, /sign-up, /forgot-password and /reset-password on a phone that has not
// loaded the signed-in app. Its strings are fetched before the first render, so the splash stays until the screen
// can show whole.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void i18n.loadNamespaces(['translation', 'auth', 'errors']).then(() => {
  const root = createRoot(container);
  // A transition: React builds the first screen in short slices instead of one long task, so a slow phone stays
  // responsive while it does (the splash shows until the screen is ready).
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <PublicApp />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});

// The installable app's worker (the signed-in app registers the same one): a later visit opens from the phone.
// It precaches the whole app, so it waits until the sign-in screen is idle.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  whenIdle(register);
}
