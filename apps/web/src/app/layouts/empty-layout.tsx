import { Box } from '@mui/material';
import { Outlet } from '@tanstack/react-router';

/** Full-page screens without navigation: landing, sign-in, tenant selection. */
export function EmptyLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Outlet />
    </Box>
  );
}
