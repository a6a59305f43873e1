import type { Action, Area } from '@groundwork/core/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CLAIMS_QUERY_KEY } from '../auth/session';
import { useCan } from './use-can';

/** Renders useCan with the claims cache seeded (null: nobody signed in), as the session guard leaves it. */
function renderCan(groups: string[] | null, area: Area, action: Action) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(CLAIMS_QUERY_KEY, groups ? { 'cognito:groups': groups } : null);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...renderHook(() => useCan(area, action), { wrapper }) };
}

describe('useCan', () => {
  it('answers from the core matrix with the signed-in person’s groups', () => {
    expect(renderCan(['projects_admin'], 'projects', 'write').result.current).toBe(true);
    expect(renderCan(['projects_basic'], 'projects', 'read').result.current).toBe(true);
    expect(renderCan(['projects_basic'], 'projects', 'write').result.current).toBe(false);
    expect(renderCan(['people_admin'], 'customlinks', 'write').result.current).toBe(true);
    expect(renderCan(['people_admin'], 'usergroups', 'write').result.current).toBe(false);
    expect(renderCan(['basic_access'], 'timecards', 'write').result.current).toBe(false);
    expect(renderCan(['admin_access'], 'timecards', 'write').result.current).toBe(true);
    expect(renderCan(['admin_access'], 'usergroups', 'write').result.current).toBe(true);
  });

  it('counts own-row access as allowed (receipts_basic adds their own receipts)', () => {
    expect(renderCan(['receipts_basic'], 'receipts', 'create').result.current).toBe(true);
    expect(renderCan(['receipts_basic'], 'receipts', 'write').result.current).toBe(false);
  });

  it('allows only member areas to someone without claims', () => {
    expect(renderCan(null, 'projects', 'read').result.current).toBe(false);
    expect(renderCan(null, 'people', 'write').result.current).toBe(false);
    expect(renderCan(null, 'self', 'read').result.current).toBe(true);
    expect(renderCan([], 'settings', 'read').result.current).toBe(true);
    expect(renderCan([], 'settings', 'write').result.current).toBe(false);
  });

  it('follows the claims when they change', async () => {
    const { queryClient, result } = renderCan(['projects_basic'], 'projects', 'write');
    expect(result.current).toBe(false);
    act(() => queryClient.setQueryData(CLAIMS_QUERY_KEY, { 'cognito:groups': ['projects_basic', 'projects_admin'] }));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => queryClient.setQueryData(CLAIMS_QUERY_KEY, null));
    await waitFor(() => expect(result.current).toBe(false));
  });
});
