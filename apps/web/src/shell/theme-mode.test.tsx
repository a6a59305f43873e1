import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from './test-utils';
import { normalizeThemeMode } from './theme';
import { readStoredThemeMode, type SaveThemeToProfile, ThemeModeProvider } from './theme-mode';
import { ThemeSwitcher } from './theme-switcher';

function renderSwitcher(saveToProfile?: SaveThemeToProfile) {
  renderInShell(
    <ThemeModeProvider saveToProfile={saveToProfile}>
      <ThemeSwitcher />
    </ThemeModeProvider>,
  );
}

describe('theme mode', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('falls back to light for anything but light or dark', () => {
    expect(normalizeThemeMode('dark')).toBe('dark');
    expect(normalizeThemeMode('light')).toBe('light');
    expect(normalizeThemeMode('purple')).toBe('light');
    expect(normalizeThemeMode(null)).toBe('light');
    localStorage.setItem('theme', 'solarized');
    expect(readStoredThemeMode()).toBe('light');
  });

  it('starts from the stored theme', async () => {
    localStorage.setItem('theme', 'dark');
    renderSwitcher();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
  });

  it('toggles, saves to storage and to the profile when it differs from the stored one', async () => {
    const save = vi.fn<SaveThemeToProfile>().mockResolvedValue(undefined);
    renderSwitcher(save);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(save).toHaveBeenCalledWith('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(save).toHaveBeenLastCalledWith('light');
  });

  it('does not save to the profile when storage already holds that theme', async () => {
    // The stored value is 'dark' but the screen shows light (e.g. storage was changed in another tab).
    const save = vi.fn<SaveThemeToProfile>().mockResolvedValue(undefined);
    renderSwitcher(save);
    localStorage.setItem('theme', 'dark');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(save).not.toHaveBeenCalled();
  });

  it('reports a failed profile save', async () => {
    const save = vi.fn<SaveThemeToProfile>().mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSwitcher(save);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save theme preference, please try again later.');
    // The theme still changes locally.
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
