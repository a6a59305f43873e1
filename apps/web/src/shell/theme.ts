import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface ZIndex {
    /** Spec §9 layering: full-page overlays (scrims, loading covers) sit under dialogs. */
    overlay: number;
  }
  interface ZIndexOptions {
    overlay?: number;
  }
}

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Spec §4: a requested theme that is not light or dark falls back to light. */
export function normalizeThemeMode(value: unknown): ThemeMode {
  return value === 'dark' ? 'dark' : 'light';
}

// Spec §9 palette.
const caramel = '#b98856';
const carbon = '#2b2b2b';

const status = {
  error: { main: '#f44336' },
  info: { main: '#2196f3' },
  success: { main: '#4caf50' },
  warning: { main: '#ff9800' },
};

// WCAG AA for text: at MUI's default threshold (3) caramel would get white text at 3.1:1.
const contrastThreshold = 4.5;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold,
        primary: { main: caramel },
        secondary: { main: carbon },
        background: { default: '#fafafa', paper: '#ffffff' },
        ...status,
      },
    },
    dark: {
      palette: {
        contrastThreshold,
        primary: { main: caramel },
        // Carbon would vanish on the carbon background, so dark mode uses a light grey.
        secondary: { main: '#e0e0e0' },
        background: { default: carbon, paper: '#363636' },
        ...status,
      },
    },
  },
  // Spec §9: xs<600, sm<960, md<1280, lg<1920, xl<2560 (MUI breakpoints are lower bounds).
  breakpoints: {
    values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 },
  },
  // Spec §9 layering: overlay 2000, dialog 2400. Snackbar and tooltips stay above dialogs, as in MUI's defaults.
  zIndex: { overlay: 2000, modal: 2400, snackbar: 2500, tooltip: 2600 },
});
