import { describe, expect, it } from 'vitest';
import { compareNavigationItems, isPathAllowed, unauthMessage } from './navigation.js';

const items = [{ path: '/modules/people' }, { path: '/admin/people/' }, { path: '/modules/receipts' }];

describe('isPathAllowed', () => {
  it('allows an item, its sub-paths, the dashboard and the profile', () => {
    expect(isPathAllowed('/modules/people', items)).toBe(true);
    expect(isPathAllowed('/modules/people/', items)).toBe(true);
    expect(isPathAllowed('/modules/people/42?tab=1', items)).toBe(true);
    expect(isPathAllowed('/admin/people', items)).toBe(true);
    expect(isPathAllowed('/dashboard', [])).toBe(true);
    expect(isPathAllowed('/dashboard?settings=true', [])).toBe(true);
    expect(isPathAllowed('/user-profile', [])).toBe(true);
  });

  it('refuses other paths, including ones that merely share a prefix', () => {
    expect(isPathAllowed('/admin/projects', items)).toBe(false);
    expect(isPathAllowed('/modules/peoples', items)).toBe(false);
    expect(isPathAllowed('/modules', items)).toBe(false);
    expect(isPathAllowed('/dashboards', [])).toBe(false);
  });
});

describe('navigation order and messages', () => {
  it('sorts by type descending, then title', () => {
    const sorted = [
      { id: 1, title: 'Tasks', path: '/t', type: 0 },
      { id: 2, title: 'Reports', path: '/r', type: 1 },
      { id: 3, title: 'Dashboard', path: '/d', type: 0 },
      { id: 4, title: 'Manage People', path: '/m', type: 1 },
    ].sort(compareNavigationItems);
    expect(sorted.map((i) => i.title)).toEqual(['Manage People', 'Reports', 'Dashboard', 'Tasks']);
  });

  it("maps the unauth query to spec §2's messages", () => {
    expect(unauthMessage('page')).toBe('Unauthorized page. Redirected to dashboard.');
    expect(unauthMessage('settings')).toBe('You are not authorized to access that settings area.');
    expect(unauthMessage('other')).toBe('Unauthorized.');
  });
});
