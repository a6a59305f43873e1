// The signed-in app (every page but the sign-in screens, see main.tsx): the router, the query cache kept on the
// phone, MUI's theme and the shell's providers.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { holdUntilFirstScreen } from '../lib/first-screen';
import { startQueryPersistence } from '../lib/query-persist-boot';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter({ context: { queryClient } });
// What the first page does not show waits until it is on screen: the router has resolved its first navigation (a
// redirect's included), its reads are done and the page is idle (lib/first-screen.ts). The person's working set, kept
// on the phone for a reopened app with no signal (issue 24), is put back then too.
const firstNavigation = new Promise<void>((resolve) => {
  const stop = router.subscribe('onResolved', () => {
    stop();
    resolve();
  });
});
startQueryPersistence(queryClient, holdUntilFirstScreen(queryClient, firstNavigation));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
