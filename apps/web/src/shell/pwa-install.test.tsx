import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppBarActions } from './app-bar-actions';
import { PwaProvider } from './pwa';
import { renderInShell } from './test-utils';
import { ThemeModeProvider } from './theme-mode';

function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

async function renderActions() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <ThemeModeProvider>
        <PwaProvider registerServiceWorker={false}>
          <AppBarActions />
        </PwaProvider>
      </ThemeModeProvider>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderInShell(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Account' });
}

/** Opens the account menu (its code loads after the first screen) and says whether it offers the installation. */
async function menuOffersInstall(): Promise<boolean> {
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
  const menu = await screen.findByRole('menu');
  const offered = screen.queryByRole('menuitem', { name: 'Install app' }) !== null;
  fireEvent.keyDown(menu, { key: 'Escape' });
  return offered;
}

describe('install prompt', () => {
  // Not signed in: GetUser answers 401, so nothing is read or saved for a profile.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ name: 'NotAuthorizedException', message: 'no' }), { status: 401 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is offered from the app bar menu once the browser allows it', async () => {
    await renderActions();
    expect(await menuOffersInstall()).toBe(false);
    const { event, prompt } = installPromptEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    // The browser's own banner is suppressed.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const install = await screen.findByRole('menuitem', { name: 'Install app' });
    await act(async () => {
      fireEvent.click(install);
    });
    expect(prompt).toHaveBeenCalledOnce();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Groundwork installed.');
    expect(await menuOffersInstall()).toBe(false);
  });

  it('handles a cancelled installation', async () => {
    await renderActions();
    const { event } = installPromptEvent('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const install = await screen.findByRole('menuitem', { name: 'Install app' });
    await act(async () => {
      fireEvent.click(install);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Installation cancelled.');
    // A prompt event can be used once; the offer goes until the browser sends another.
    expect(await menuOffersInstall()).toBe(false);
  });

  it('offers the profile, issue reporting, switching company and signing out', async () => {
    await renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    for (const name of ['Profile', 'Report an issue', 'Switch company', 'Sign out']) {
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    }
  });
});
