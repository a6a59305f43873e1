import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/** Whether the window is desktop-wide (md and up): grids and header buttons there, cards and a floating button below. */
export function useDesktop() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
}
