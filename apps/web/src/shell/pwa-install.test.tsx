import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

function renderActions() {
  renderInShell(
    <ThemeModeProvider>
      <PwaProvider registerServiceWorker={false}>
        <AppBarActions />
      </PwaProvider>
    </ThemeModeProvider>,
  );
}

describe('install prompt', () => {
  it('is offered from the app bar menu once the browser allows it', async () => {
    renderActions();
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    const { event, prompt } = installPromptEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    // The browser's own banner is suppressed.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Install app' }));
    });
    expect(prompt).toHaveBeenCalledOnce();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Groundwork installed.');
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
  });

  it('handles a cancelled installation', async () => {
    renderActions();
    const { event } = installPromptEvent('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Install app' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Installation cancelled.');
    // A prompt event can be used once; the offer goes until the browser sends another.
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
  });
});
