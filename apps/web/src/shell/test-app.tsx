import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient, Providers } from '../app/providers';
import { createAppRouter } from '../app/router';
import { claims, mockServer } from '../auth/test-helpers';

const TENANT = '11111111-1111-4111-8111-111111111111';

/**
 * The whole app at `path`, signed in with a tenant chosen (the appview routes require both).
 * Callers restore fetch with `vi.unstubAllGlobals()`.
 */
export function renderSignedInApp(path: string, wrap: (children: ReactNode) => ReactNode = (children) => children) {
  mockServer((action) => (action === 'GetUser' ? { body: claims({ 'custom:selected_tenant_uuid': TENANT }) } : undefined));
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ context: { queryClient }, history });
  render(<Providers queryClient={queryClient}>{wrap(<RouterProvider router={router} />)}</Providers>);
  return { router, history };
}
