import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Hint } from './hint';
import { useThemeMode } from './theme-mode';

// Apart from theme-mode.tsx, whose provider every page loads: the switcher (and its tooltip) is for the signed-in app bar.
/** The app-bar light/dark switcher. */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <Hint title={label}>
      <IconButton color="inherit" onClick={() => void toggle()} aria-label={label}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Hint>
  );
}
