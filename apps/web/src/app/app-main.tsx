// The signed-in app (every page but the sign-in screens, see main.tsx): the router, the query cache kept on the
// phone, MUI's theme and the shell's providers.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { startQueryPersistence } from '../lib/query-persist-boot';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

// The server's Content-Security-Policy allows no eval (apps/server/src/app.ts). Zod would probe for it with
// Function('') before its first object parse, and the browser reports each probe as a violation.
zodConfig({ jitless: true });

const queryClient = createQueryClient();
const router = createAppRouter({ context: { queryClient } });
// The person's working set, kept on the phone for a reopened app with no signal (issue 24); with a signal it is put
// back once the first page has rendered (the router resolves its first navigation, a redirect's included).
const firstScreen = new Promise<void>((resolve) => {
  const stop = router.subscribe('onResolved', () => {
    stop();
    resolve();
  });
});
startQueryPersistence(queryClient, firstScreen);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
