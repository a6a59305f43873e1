import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CLAIMS_QUERY_KEY } from '../../../auth/session';
import { usePeopleAccess } from './use-people-access';

function access(groups: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(CLAIMS_QUERY_KEY, { 'cognito:groups': groups, 'custom:cognito_uuid': 'self' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => usePeopleAccess(), { wrapper }).result.current;
}

describe('usePeopleAccess', () => {
  it('lets people admins manage people, and gives groups and global admins to admin_access only', () => {
    expect(access(['people_basic'])).toEqual({ manage: false, admin: false, cognitoUuid: 'self' });
    expect(access(['people_admin'])).toEqual({ manage: true, admin: false, cognitoUuid: 'self' });
    expect(access(['admin_access'])).toEqual({ manage: true, admin: true, cognitoUuid: 'self' });
    expect(access(['receipts_basic'])).toEqual({ manage: false, admin: false, cognitoUuid: 'self' });
  });
});
