import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readSelectedTenantUuid, SELECTED_TENANT_KEY, useTenant, writeSelectedTenantUuid } from './storage';

describe('the selected company', () => {
  afterEach(() => localStorage.clear());

  it('is read, written and forgotten through one key', () => {
    expect(readSelectedTenantUuid()).toBeNull();
    writeSelectedTenantUuid('tenant-a');
    expect(localStorage.getItem(SELECTED_TENANT_KEY)).toBe('tenant-a');
    writeSelectedTenantUuid(null);
    expect(readSelectedTenantUuid()).toBeNull();
  });

  it('renders the screens reading it again when it changes here or in another tab', () => {
    localStorage.setItem(SELECTED_TENANT_KEY, 'tenant-a');
    const { result } = renderHook(() => useTenant());
    expect(result.current).toBe('tenant-a');

    act(() => writeSelectedTenantUuid('tenant-b'));
    expect(result.current).toBe('tenant-b');

    // Another tab: the browser only tells this one through a storage event.
    act(() => {
      localStorage.setItem(SELECTED_TENANT_KEY, 'tenant-c');
      window.dispatchEvent(new StorageEvent('storage', { key: SELECTED_TENANT_KEY }));
    });
    expect(result.current).toBe('tenant-c');

    act(() => writeSelectedTenantUuid(null));
    expect(result.current).toBeNull();
  });
});
