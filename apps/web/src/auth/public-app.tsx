import { barePath } from '@groundwork/core/public-paths';
import { type ComponentType, lazy, Suspense } from 'react';
import { AuthNavProvider, useBrowserAuthNav, useBrowserLocation } from './auth-nav';
import { LoginPage } from './login-page';

const page = (load: () => Promise<Record<string, ComponentType>>, name: string) =>
  lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));

// /login is in this chunk; the other sign-in screens come when opened.
const PAGES: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/sign-up': page(() => import('./sign-up-page'), 'SignUpPage'),
  '/forgot-password': page(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
  '/reset-password': page(() => import('./reset-password-page'), 'ResetPasswordPage'),
};

/** The light sign-in app's one screen at a time, by address; moving between them keeps the page. */
export function PublicApp() {
  const location = useBrowserLocation();
  const nav = useBrowserAuthNav(location.search);
  const Page = PAGES[barePath(location.pathname)] ?? LoginPage;
  return (
    <AuthNavProvider nav={nav}>
      <main className="gw-public">
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </main>
    </AuthNavProvider>
  );
}
