import type { ButtonProps } from '@mui/material/Button';
import { type CSSObject, createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    /** Caramel for text and thin marks: dark enough on light surfaces, light enough on carbon (WCAG AA 4.5:1). */
    accentText: string;
    /** The status red for text (field errors): #f44336 is 3.7:1 on white and about as low on carbon. */
    errorText: string;
    /** The status orange for text: #ff9800 and its dark shade are under 4.5:1 on white. */
    warningText: string;
  }
  interface PaletteOptions {
    accentText?: string;
    errorText?: string;
    warningText?: string;
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

/** A device that asks for less motion gets none: MUI's fades, grows and slides end at once. */
const reducedMotion =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const noMotion = {
  create: () => 'none',
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

// WCAG AA for text: at MUI's default threshold (3) caramel would get white text at 3.1:1.
const contrastThreshold = 4.5;

/**
 * Issue 46 "Gloves": on a phone (under the sm breakpoint) every control a finger hits is at least 44×44 CSS px,
 * padding included. Desktop keeps MUI's sizes. The e2e spec every-screen.spec.ts measures every page of the menu.
 */
export const TAP_TARGET = 44;
const onPhone = (t: Theme, style: CSSObject): CSSObject => ({ [t.breakpoints.down('sm')]: style });
const tapBox: CSSObject = { minWidth: TAP_TARGET, minHeight: TAP_TARGET };

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  ...(reducedMotion ? { transitions: noMotion } : {}),
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold,
        primary: { main: caramel },
        accentText: '#8a6139',
        errorText: '#c62828',
        warningText: '#995c00',
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
        errorText: '#ff8a80',
        warningText: '#ffb74d',
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
        root: ({ theme: t, ownerState }) => ({
          ...(ownerState.color === 'primary' || ownerState.color === undefined
            ? { color: t.vars?.palette.accentText, textDecorationColor: 'currentColor' }
            : {}),
          // On a phone a link is a 44 px tall box, its text centred in it: a link in running text ("Read more") makes
          // its line that tall, and links on lines of their own (a chatbot answer's list) never cover each other.
          ...onPhone(t, { ...tapBox, display: 'inline-flex', alignItems: 'center', verticalAlign: 'middle' }),
        }),
      },
    },
    MuiTab: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.vars?.palette.accentText } }) } },
    MuiToggleButton: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.vars?.palette.accentText }, ...onPhone(t, tapBox) }) },
    },
    // A field's label and helper text in error: the readable red of the scheme (error wins over focus).
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&.Mui-focused': { color: t.vars?.palette.accentText },
          '&.Mui-error': { color: t.vars?.palette.errorText },
        }),
      },
    },
    MuiFormHelperText: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-error': { color: t.vars?.palette.errorText } }) } },
    // Gloves (issue 46): the phone's minimum tap area for every kind of control.
    MuiIconButton: { styleOverrides: { root: ({ theme: t }) => onPhone(t, tapBox) } },
    MuiListItemButton: { styleOverrides: { root: ({ theme: t }) => onPhone(t, { minHeight: TAP_TARGET }) } },
    MuiCheckbox: { styleOverrides: { root: ({ theme: t }) => onPhone(t, tapBox) } },
    MuiRadio: { styleOverrides: { root: ({ theme: t }) => onPhone(t, tapBox) } },
    MuiFormControlLabel: { styleOverrides: { root: ({ theme: t }) => onPhone(t, { minHeight: TAP_TARGET }) } },
    // The switch's button (thumb and its padding) 44×44 on a phone; the track keeps MUI's size (34×14, small 26×10).
    MuiSwitch: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) =>
          ownerState.size === 'small'
            ? onPhone(t, { width: 60, height: TAP_TARGET, padding: 17, '& .MuiSwitch-switchBase': { padding: 14 } })
            : onPhone(t, { width: 64, height: TAP_TARGET, padding: 15, '& .MuiSwitch-switchBase': { padding: 12 } }),
      },
    },
    // A clickable or deletable chip (a chatbot suggestion, a filter) is a button.
    MuiChip: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) =>
          ownerState.clickable || ownerState.onDelete ? onPhone(t, { height: 'auto', minHeight: TAP_TARGET }) : {},
      },
    },
    // Every field (text, select, date, a picker's input) is at least 44 px tall on a phone.
    MuiInputBase: { styleOverrides: { root: ({ theme: t }) => onPhone(t, { minHeight: TAP_TARGET }) } },
    // A picker's "Open" and "Clear" buttons are 44×44 on a phone: the last 44 px of the field open it, the input's
    // text stops before them.
    MuiAutocomplete: {
      styleOverrides: {
        root: ({ theme: t }) =>
          onPhone(t, {
            '& .MuiAutocomplete-inputRoot': {
              '.MuiAutocomplete-hasPopupIcon&, .MuiAutocomplete-hasClearIcon&': { paddingRight: TAP_TARGET + 4 },
              '.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon&': { paddingRight: 2 * TAP_TARGET + 4 },
            },
            '& .MuiOutlinedInput-root .MuiAutocomplete-endAdornment, & .MuiFilledInput-root .MuiAutocomplete-endAdornment': {
              right: 0,
            },
          }),
        popupIndicator: ({ theme: t }) => onPhone(t, { marginRight: 0 }),
        clearIndicator: ({ theme: t }) => onPhone(t, { marginRight: 0 }),
      },
    },
    MuiPaginationItem: { styleOverrides: { root: ({ theme: t }) => onPhone(t, tapBox) } },
    // A floating action button keeps its dark text readable on hover: the light shade, as for contained buttons.
    MuiFab: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) => {
          // A small floating button (40 px) is 44 on a phone.
          const phone = onPhone(t, tapBox);
          const color = ownerState.color;
          if (color === 'primary' || color === 'error' || color === 'warning' || color === 'success' || color === 'info') {
            return { ...phone, '@media (hover: hover)': { '&:hover': { backgroundColor: t.vars?.palette[color].light } } };
          }
          return phone;
        },
      },
    },
    MuiButton: {
      styleOverrides: {
        root: ({ theme: t, ownerState }) => ({ ...onPhone(t, tapBox), ...buttonColour(t, ownerState) }),
      },
    },
  },
});

/** A button's text colour: readable (WCAG AA) in both schemes, see the comment on `components` above. */
function buttonColour(t: Theme, ownerState: Pick<ButtonProps, 'variant' | 'color'>): CSSObject {
  if (ownerState.variant === 'contained') {
    // The spec's fills take dark text (contrastThreshold 4.5); MUI's hover fill, the colour's dark shade,
    // would leave that text at about 3.1–4:1. Hovering lightens to the light shade instead (over 7:1).
    const color = ownerState.color ?? 'primary';
    if (color === 'primary' || color === 'error' || color === 'warning' || color === 'success' || color === 'info') {
      return { '@media (hover: hover)': { '&:hover': { '--variant-containedBg': t.vars?.palette[color].light } } };
    }
    return {};
  }
  if (ownerState.color === 'primary' || ownerState.color === undefined) return { color: t.vars?.palette.accentText };
  // Red text: the readable red of the scheme (MUI's light red is 3.8:1 on the dark paper).
  if (ownerState.color === 'error') return { color: t.vars?.palette.errorText };
  if (ownerState.color === 'warning') return { color: t.vars?.palette.warningText };
  // The spec's status colours are fills too; as text on a light surface they need their dark shade.
  if (ownerState.color === 'success' || ownerState.color === 'info') {
    const shade = t.vars?.palette[ownerState.color];
    return { color: shade?.dark, ...t.applyStyles('dark', { color: shade?.light }) };
  }
  return {};
}
