/**
 * The menu (listUsersNavigation, spec §2 "Access redirects", §9 "Navigation item sort"): item types, the
 * sort order, and which paths a person's items allow. Both the server and the web app use these.
 */

/** 1: an admin-area item; 0: a module item. */
export const NAVIGATION_TYPES = { module: 0, admin: 1 } as const;

export type NavigationItem = { id: number; title: string; path: string; type: number; icon?: string | null; modules_id?: number | null };

/** Spec §9: type descending, then title. */
export function compareNavigationItems(a: NavigationItem, b: NavigationItem): number {
  return b.type - a.type || a.title.localeCompare(b.title, 'en') || a.id - b.id;
}

/**
 * Items a person reaches through what they are on the company's jobs rather than through a group (issue 46):
 * "My crews" (/modules/scheduling) is also every active job's foreman's, when they may read the schedule at all
 * (getMyCrews answers them; scheduling_admin and admin_access get it from the item's own permissions).
 */
export const FOREMAN_PATHS: readonly string[] = ['/modules/scheduling'];

/** Spec §2: the dashboard and the user profile are open to every signed-in member of the company. */
export const ALWAYS_ALLOWED_PATHS = ['/dashboard', '/user-profile'] as const;

const trimSlash = (p: string) => (p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') : p);

/**
 * Whether `pathname` may be shown to someone whose navigation is `items`: an item's own path or a sub-path
 * of it ('/modules/people/42' under '/modules/people'), or an always-allowed path.
 */
export function isPathAllowed(pathname: string, items: readonly Pick<NavigationItem, 'path'>[]): boolean {
  const path = trimSlash(pathname.split(/[?#]/)[0] || '/');
  const allowed = [...ALWAYS_ALLOWED_PATHS, ...items.map((i) => trimSlash(i.path))];
  return allowed.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Spec §2's unauth query values and their messages. */
export const UNAUTH_MESSAGES = {
  page: 'Unauthorized page. Redirected to dashboard.',
  settings: 'You are not authorized to access that settings area.',
  other: 'Unauthorized.',
} as const;

export const unauthMessage = (value: string) =>
  value === 'page' ? UNAUTH_MESSAGES.page : value === 'settings' ? UNAUTH_MESSAGES.settings : UNAUTH_MESSAGES.other;
