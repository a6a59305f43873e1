import MenuIcon from '@mui/icons-material/Menu';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '../../shell/links';
import { pageTitle } from '../../shell/page-title';
import { useDocumentTitle } from '../../shell/use-document-title';

const DRAWER_WIDTH = 260;

/** Signed-in screens: app bar with the page title, navigation drawer, content. */
export function AppviewLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // Spec §9: the mobile breakpoint is lg. noSsr avoids a first render in the wrong variant.
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = isDesktop ? desktopOpen : mobileOpen;
  const toggle = isDesktop ? () => setDesktopOpen((value) => !value) : () => setMobileOpen((value) => !value);

  const pathname = useLocation({ select: (location) => location.pathname });
  const title = pageTitle(pathname, t('errors.notFound'));
  useDocumentTitle(title);

  const navigation = (
    <nav aria-label={t('nav.main')}>
      <List>
        <ListItem disablePadding>
          <ListItemLink
            to="/dashboard"
            activeProps={{ selected: true }}
            // On a phone the drawer covers the page, so get it out of the way once a page is chosen.
            onClick={() => setMobileOpen(false)}
          >
            <ListItemIcon>
              <SpaceDashboardIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.dashboard')} />
          </ListItemLink>
        </ListItem>
      </List>
    </nav>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" sx={{ zIndex: (appTheme) => appTheme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            onClick={toggle}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            sx={{ mr: 2 }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap>
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={isDesktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setMobileOpen(false)}
        sx={{
          width: isDesktop && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {/* Spacer so the list starts below the fixed app bar. */}
        <Toolbar />
        {navigation}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
