import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { createQueryClient, Providers } from './app/providers';
import { createAppRouter } from './app/router';

// The server's Content-Security-Policy allows no eval (apps/server/src/app.ts). Zod would probe for it with
// Function('') before its first object parse, and the browser reports each probe as a violation.
zodConfig({ jitless: true });

const queryClient = createQueryClient();
const router = createAppRouter({ context: { queryClient } });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
