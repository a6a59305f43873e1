import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotificationsBell } from '../../modules/notifications/notifications-bell';
import { AppBarActions } from '../../shell/app-bar-actions';
import { pageTitle } from '../../shell/page-title';
import { useDocumentTitle } from '../../shell/use-document-title';

/** Plain screens: an app bar with the page title and the theme switcher, no navigation drawer. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const title = pageTitle(pathname, t('errors.notFound'));
  useDocumentTitle(title);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Toolbar>
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <AppBarActions notifications={<NotificationsBell />} />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
