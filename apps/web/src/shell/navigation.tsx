import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { navigationQueryOptions } from '../app/navigation-query';
import { useTenant } from '../lib/storage';

/** One entry of the user's navigation, as the server sends it (spec §2, §9). */
export interface NavigationItem {
  id?: number;
  /** The server's (English) title; the menu shows the translation of the path when there is one. */
  title: string;
  /** App path, e.g. /modules/timecards. */
  path: string;
  /** Higher types are listed first (1 admin area, 0 module). */
  type: number;
  /** An MUI icon name, e.g. "AccessTime". */
  icon?: string | null;
  modules_id?: number | null;
}

// One collator for every sort: `localeCompare` builds the locale's collation anew on each call, a few milliseconds of
// the first screen on a slow phone for the menu's two dozen entries (issue 28).
let collator: Intl.Collator | undefined;

/** Spec §9: type descending, then title. */
export function sortNavigationItems<T extends Pick<NavigationItem, 'type' | 'title'>>(items: readonly T[]): T[] {
  collator ??= new Intl.Collator();
  const compare = collator.compare;
  return [...items].sort((a, b) => b.type - a.type || compare(a.title, b.title));
}

/** The translation key of a path: `/modules/project-notes` → `navItems.modules-project-notes`. */
export function navigationTitleKey(path: string): string {
  return `navItems.${path.replace(/^\/+|\/+$/g, '').replaceAll('/', '-')}`;
}

/** The menu's fallback while the server's navigation is loading or unavailable (the dashboard is for everyone). */
export const DASHBOARD_ITEM: NavigationItem = { title: 'Dashboard', path: '/dashboard', type: 0, icon: 'SpaceDashboard' };

const NavigationItemsContext = createContext<readonly NavigationItem[] | undefined>(undefined);

interface NavigationItemsProviderProps {
  /** Replaces the server's items (tests, previews); undefined defers to the server. */
  items: readonly NavigationItem[] | undefined;
  children: ReactNode;
}

export function NavigationItemsProvider({ items, children }: NavigationItemsProviderProps) {
  return <NavigationItemsContext.Provider value={items}>{children}</NavigationItemsContext.Provider>;
}

/** The server's items for the selected company (listUsersNavigation), shared with the access check's cache. */
function useServerNavigation(): readonly NavigationItem[] | undefined {
  const tenant = useTenant();
  const query = useQuery({ ...navigationQueryOptions(tenant ?? ''), enabled: Boolean(tenant) });
  return tenant ? query.data : undefined;
}

/**
 * The user's navigation with titles in the current language (the server's title when the path has no
 * translation), sorted by type descending, then title. Undefined until the server's items arrive (or when they
 * cannot be loaded), so the caller can fall back to the dashboard.
 */
export function useNavigationItems(): NavigationItem[] | undefined {
  const { t, i18n } = useTranslation('shell');
  const provided = useContext(NavigationItemsContext);
  const server = useServerNavigation();
  const items = provided ?? server;
  return useMemo(() => {
    if (!items) return undefined;
    const translated = items.map((item) => {
      const key = navigationTitleKey(item.path);
      // Dynamic keys: the type checker cannot know them, i18n.exists can.
      return i18n.exists(key, { ns: 'shell' }) ? { ...item, title: t(key as never) as string } : item;
    });
    return sortNavigationItems(translated);
  }, [items, t, i18n]);
}
