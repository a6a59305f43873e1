import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** One entry of the user's navigation, as the server sends it (spec §2, §9). */
export interface NavigationItem {
  title: string;
  /** App path, e.g. /modules/timecards. */
  path: string;
  /** Higher types are listed first. */
  type: number;
}

/** Spec §9: type descending, then title. */
export function sortNavigationItems(items: readonly NavigationItem[]): NavigationItem[] {
  return [...items].sort((a, b) => b.type - a.type || a.title.localeCompare(b.title));
}

const NavigationItemsContext = createContext<readonly NavigationItem[] | undefined>(undefined);

interface NavigationItemsProviderProps {
  /** The server's items; undefined until they load, which keeps the Dashboard-only fallback. */
  items: readonly NavigationItem[] | undefined;
  children: ReactNode;
}

export function NavigationItemsProvider({ items, children }: NavigationItemsProviderProps) {
  return <NavigationItemsContext.Provider value={items}>{children}</NavigationItemsContext.Provider>;
}

/** The sorted navigation, or undefined when the server's has not been provided. */
export function useNavigationItems(): NavigationItem[] | undefined {
  const items = useContext(NavigationItemsContext);
  return useMemo(() => (items ? sortNavigationItems(items) : undefined), [items]);
}
