import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    /** Caramel for text and thin marks: dark enough on light surfaces, light enough on carbon (WCAG AA 4.5:1). */
    accentText: string;
  }
  interface PaletteOptions {
    accentText?: string;
  }
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

export const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

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
        accentText: '#8a6139',
        secondary: { main: carbon },
        background: { default: '#fafafa', paper: '#ffffff' },
        ...status,
      },
    },
    dark: {
      palette: {
        contrastThreshold,
        primary: { main: caramel },
        accentText: '#dcb07f',
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
  // Caramel (#b98856) is the brand fill, but as text it reaches only 3.1:1 on white. Wherever MUI would
  // paint primary-coloured text, the scheme's accentText is used instead, so every page passes AA.
  components: {
    MuiLink: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) =>
          ownerState.color === 'primary' || ownerState.color === undefined
            ? { color: t.vars?.palette.accentText, textDecorationColor: 'currentColor' }
            : {},
      },
    },
    MuiTab: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.vars?.palette.accentText } }) } },
    MuiToggleButton: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.vars?.palette.accentText } }) } },
    MuiFormLabel: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-focused': { color: t.vars?.palette.accentText } }) } },
    MuiButton: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) => {
          if (ownerState.variant === 'contained') return {};
          if (ownerState.color === 'primary' || ownerState.color === undefined) return { color: t.vars?.palette.accentText };
          // The spec's status colours are fills too; as text on a light surface they need their dark shade.
          if (
            ownerState.color === 'error' ||
            ownerState.color === 'warning' ||
            ownerState.color === 'success' ||
            ownerState.color === 'info'
          ) {
            const shade = t.vars?.palette[ownerState.color];
            return { color: shade?.dark, ...t.applyStyles('dark', { color: shade?.light }) };
          }
          return {};
        },
      },
    },
  },
});
