import { createTheme } from '@mui/material/styles';

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
  breakpoints: {
    values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 },
  },
});
