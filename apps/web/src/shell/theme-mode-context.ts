import { createContext, useContext } from 'react';
import type { ThemeMode } from './theme';

export interface ThemeModeApi {
  mode: ThemeMode;
  /** Applies a theme; anything but light or dark means light. */
  setThemeMode(requested: unknown): Promise<void>;
  toggle(): Promise<void>;
}

/** Provided by `ThemeModeProvider` (theme-mode.tsx); its own file so the profile saver it loads can read it too. */
export const ThemeModeContext = createContext<ThemeModeApi | null>(null);

export function useThemeMode(): ThemeModeApi {
  const api = useContext(ThemeModeContext);
  if (!api) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return api;
}
