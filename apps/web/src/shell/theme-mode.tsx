import { useColorScheme } from '@mui/material/styles';
import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, THEME_KEY, writeStorage } from './shell-storage';
import { useSnackbar } from './snackbar';
import { normalizeThemeMode, type ThemeMode } from './theme';
import { type ThemeModeApi, ThemeModeContext } from './theme-mode-context';
import { saveThemeToProfile } from './theme-profile';

export { useThemeMode } from './theme-mode-context';

/** The theme stored in this browser, or light (spec §4, §9 default). */
export function readStoredThemeMode(): ThemeMode {
  return normalizeThemeMode(readStorage(THEME_KEY));
}

export type SaveThemeToProfile = (theme: ThemeMode) => Promise<unknown>;

interface ThemeModeProviderProps {
  /**
   * Saves the theme to the signed-in user's profile. By default `updateEmployeeUserInfo` with `app_theme`
   * for the person and company of the session (nothing is sent before a company is chosen).
   */
  saveToProfile?: SaveThemeToProfile;
  children: ReactNode;
}

/** Must sit inside MUI's ThemeProvider (which owns the colour-scheme class) and the SnackbarProvider. */
export function ThemeModeProvider({ saveToProfile: givenSave, children }: ThemeModeProviderProps) {
  const { t } = useTranslation('shell');
  const queryClient = useContext(QueryClientContext);
  const saveToProfile = useMemo<SaveThemeToProfile | undefined>(
    () => givenSave ?? (queryClient ? (theme) => saveThemeToProfile(queryClient, theme) : undefined),
    [givenSave, queryClient],
  );
  const { show } = useSnackbar();
  const { setMode } = useColorScheme();
  const [mode, setModeState] = useState<ThemeMode>(readStoredThemeMode);

  useEffect(() => {
    setMode(mode);
  }, [mode, setMode]);

  const setThemeMode = useCallback(
    async (requested: unknown) => {
      const next = normalizeThemeMode(requested);
      // Spec §4: compare with what storage held, not with the screen, so a profile theme applied at sign-in is not echoed back.
      const stored = readStorage(THEME_KEY);
      writeStorage(THEME_KEY, next);
      setModeState(next);
      if (stored === next || !saveToProfile) return;
      try {
        await saveToProfile(next);
      } catch (error) {
        console.error('Saving the theme to the profile failed', error);
        show({ message: t('theme.saveFailed'), color: 'error' });
      }
    },
    [saveToProfile, show, t],
  );

  const api = useMemo<ThemeModeApi>(
    () => ({ mode, setThemeMode, toggle: () => setThemeMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setThemeMode],
  );
  return <ThemeModeContext.Provider value={api}>{children}</ThemeModeContext.Provider>;
}
