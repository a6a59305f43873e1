import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { clearBrowserStorage, PASSKEY_HISTORY_KEY, SELECTED_TENANT_KEY, THEME_KEY } from './auth-storage';

describe('clearBrowserStorage (sign-out)', () => {
  it('clears the session and the company but keeps what describes the device', () => {
    localStorage.setItem(SELECTED_TENANT_KEY, 'tenant-1');
    localStorage.setItem('something', 'else');
    sessionStorage.setItem('returnRoute', '/modules/timecards');
    localStorage.setItem(THEME_KEY, 'dark');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    localStorage.setItem(PASSKEY_HISTORY_KEY, '{"a@b.test":true}');

    clearBrowserStorage();

    expect(localStorage.getItem(SELECTED_TENANT_KEY)).toBeNull();
    expect(localStorage.getItem('something')).toBeNull();
    expect(sessionStorage.getItem('returnRoute')).toBeNull();
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(localStorage.getItem(PASSKEY_HISTORY_KEY)).toBe('{"a@b.test":true}');
  });
});
