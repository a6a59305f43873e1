import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAIMS_QUERY_KEY } from '../auth/session';
import { validateDashboardSearch } from '../modules/dashboard/search';
import {
  blockedSubscriptionTarget,
  isCompanyAdmin,
  isPageAllowed,
  isUnderPath,
  refusedSettingsSearch,
  requireActiveSubscription,
  subscriptionCancelledSearch,
  unauthMessageKey,
} from './access';
import { billingStatusKeys } from './billing-status-query';

const items = [{ path: '/dashboard' }, { path: '/modules/people' }, { path: '/modules/receipts' }];

describe('isPageAllowed (spec §2 access redirects)', () => {
  it('allows the items of the navigation and their sub-paths', () => {
    expect(isPageAllowed('/modules/people', items)).toBe(true);
    expect(isPageAllowed('/modules/people/', items)).toBe(true);
    expect(isPageAllowed('/modules/receipts/archive', items)).toBe(true);
  });

  it('refuses pages outside the navigation, including look-alike prefixes', () => {
    expect(isPageAllowed('/admin/people', items)).toBe(false);
    expect(isPageAllowed('/modules/peoplex', items)).toBe(false);
    expect(isPageAllowed('/modules/timecards', [])).toBe(false);
  });

  it('always allows the dashboard and the profile, with their sub-paths, whatever the navigation', () => {
    for (const path of ['/dashboard', '/user-profile', '/user-profile/security']) expect(isPageAllowed(path, [])).toBe(true);
  });

  it('compares whole segments', () => {
    expect(isUnderPath('/admin', '/admin/people')).toBe(false);
    expect(isUnderPath('/admin/people/x', '/admin/people/')).toBe(true);
  });
});

describe('unauth messages', () => {
  it('maps page, settings and anything else', () => {
    expect(unauthMessageKey('page')).toBe('access.unauthPage');
    expect(unauthMessageKey('settings')).toBe('access.unauthSettings');
    expect(unauthMessageKey('foo')).toBe('access.unauthOther');
    expect(unauthMessageKey('')).toBe('access.unauthOther');
  });
});

describe('refusedSettingsSearch (spec §2 settings on the dashboard)', () => {
  const member = { 'cognito:groups': ['people_basic'] };
  const admin = { 'cognito:groups': ['admin_access'] };

  it('removes component and dialog for a non-admin and keeps the other keys', () => {
    const search = { settings: true, component: 'company-setup', dialog: 'accounting-system-dialog', tab: 2 };
    expect(refusedSettingsSearch(search, member)).toEqual({ settings: true, tab: 2, unauth: 'settings' });
    expect(refusedSettingsSearch({ settings: true, component: 'app-subscription' }, member)).toEqual({
      settings: true,
      unauth: 'settings',
    });
    expect(refusedSettingsSearch({ component: 'company-setup' }, null)).toEqual({ unauth: 'settings' });
  });

  it('lets admins through, and leaves other queries alone', () => {
    expect(refusedSettingsSearch({ settings: true, component: 'company-setup' }, admin)).toBeNull();
    expect(refusedSettingsSearch({ dialog: 'qbo-disconnected' }, member)).toBeNull();
    expect(refusedSettingsSearch({ settings: true, component: 'something-else' }, member)).toBeNull();
  });

  it('admin is admin_access in the claims (global admins get it from is_admin)', () => {
    expect(isCompanyAdmin(admin)).toBe(true);
    expect(isCompanyAdmin(member)).toBe(false);
    expect(isCompanyAdmin(undefined)).toBe(false);
  });
});

describe('subscriptionCancelledSearch (spec §2 dialogs on the dashboard)', () => {
  const member = { 'cognito:groups': ['people_basic'] };
  const admin = { 'cognito:groups': ['admin_access'] };

  it('sends an admin to the subscription settings, keeping the other keys', () => {
    expect(subscriptionCancelledSearch({ dialog: 'subscription-cancelled' }, admin)).toEqual({
      settings: true,
      component: 'app-subscription',
    });
    expect(subscriptionCancelledSearch({ dialog: 'subscription-cancelled', tab: 2, settings: 'x' }, admin)).toEqual({
      tab: 2,
      settings: true,
      component: 'app-subscription',
    });
  });

  it('leaves non-admins (who get the dialog) and other dialogs alone', () => {
    expect(subscriptionCancelledSearch({ dialog: 'subscription-cancelled' }, member)).toBeNull();
    expect(subscriptionCancelledSearch({ dialog: 'subscription-cancelled' }, null)).toBeNull();
    expect(subscriptionCancelledSearch({ dialog: 'qbo-disconnected' }, admin)).toBeNull();
    expect(subscriptionCancelledSearch({}, admin)).toBeNull();
  });
});

describe('validateDashboardSearch', () => {
  it('keeps every key, including ones it does not know, and drops empty strings', () => {
    expect(validateDashboardSearch({ settings: true, component: 'company-setup', dialog: '', tab: 2, other: 'x', unauth: 5 })).toEqual({
      settings: true,
      component: 'company-setup',
      tab: 2,
      other: 'x',
      unauth: '5',
    });
  });
});

describe('a cancelled subscription (spec §2, issue 23)', () => {
  const admin = { 'cognito:groups': ['admin_access'] };
  const foreman = { 'cognito:groups': ['projects_basic', 'basic_access'] };
  const TENANT = '00000000-0000-4000-8000-000000000023';
  afterEach(() => localStorage.clear());

  it('holds a non-admin on the subscription-cancelled dialog and an admin on the app-subscription settings', () => {
    expect(blockedSubscriptionTarget('/modules/projects', {}, foreman)).toEqual({ dialog: 'subscription-cancelled' });
    expect(blockedSubscriptionTarget('/dashboard', {}, foreman)).toEqual({ dialog: 'subscription-cancelled' });
    expect(blockedSubscriptionTarget('/dashboard', { dialog: 'subscription-cancelled' }, foreman)).toBeNull();
    expect(blockedSubscriptionTarget('/modules/people', {}, admin)).toEqual({ settings: true, component: 'app-subscription' });
    expect(blockedSubscriptionTarget('/dashboard', { settings: 'true', component: 'app-subscription' }, admin)).toBeNull();
  });

  const check = async (
    status: { configured: boolean; status: string | null; blocked: boolean } | null,
    claims: unknown,
    pathname: string,
  ) => {
    localStorage.setItem('selectedTenantUuid', TENANT);
    const queryClient = new QueryClient();
    if (status) queryClient.setQueryData(billingStatusKeys.tenant(TENANT), status);
    queryClient.setQueryData(CLAIMS_QUERY_KEY, claims);
    try {
      await requireActiveSubscription({ context: { queryClient }, location: { pathname, search: {} } });
      return null;
    } catch (thrown) {
      return (thrown as { options?: { search?: unknown } }).options?.search ?? thrown;
    }
  };

  it("routes on the server's status, and never blocks while billing is not configured", async () => {
    const cancelled = { configured: true, status: 'canceled', blocked: true };
    expect(await check(cancelled, foreman, '/modules/projects')).toEqual({ dialog: 'subscription-cancelled' });
    expect(await check(cancelled, admin, '/modules/projects')).toEqual({ settings: true, component: 'app-subscription' });
    expect(await check({ configured: true, status: 'active', blocked: false }, foreman, '/modules/projects')).toBeNull();
    expect(await check({ configured: false, status: null, blocked: false }, foreman, '/modules/projects')).toBeNull();
  });
});
