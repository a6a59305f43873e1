import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('NotFoundPage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('renders for an unknown path with the translated message', async () => {
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('follows the chosen language', async () => {
    await i18n.changeLanguage('es');
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
