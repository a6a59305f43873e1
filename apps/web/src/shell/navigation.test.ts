import { describe, expect, it } from 'vitest';
import { navigationTitleKey, sortNavigationItems } from './navigation';

describe('sortNavigationItems', () => {
  it('sorts by type descending, then title', () => {
    const sorted = sortNavigationItems([
      { title: 'Tasks', path: '/modules/tasks', type: 1 },
      { title: 'People', path: '/admin/people', type: 2 },
      { title: 'Dashboard', path: '/dashboard', type: 3 },
      { title: 'Announcements', path: '/modules/announcements', type: 1 },
      { title: 'Reports', path: '/admin/reports', type: 2 },
    ]);
    expect(sorted.map((item) => item.title)).toEqual(['Dashboard', 'People', 'Reports', 'Announcements', 'Tasks']);
  });

  it('does not change its input', () => {
    const items = [
      { title: 'B', path: '/b', type: 0 },
      { title: 'A', path: '/a', type: 0 },
    ];
    sortNavigationItems(items);
    expect(items[0]?.title).toBe('B');
  });
});

describe('navigationTitleKey', () => {
  it('names a path by its segments, so titles translate by path', () => {
    expect(navigationTitleKey('/modules/project-notes')).toBe('navItems.modules-project-notes');
    expect(navigationTitleKey('/dashboard')).toBe('navItems.dashboard');
    expect(navigationTitleKey('/admin/people/')).toBe('navItems.admin-people');
  });
});
