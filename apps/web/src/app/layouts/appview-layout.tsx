import { ADMIN_ACCESS, holdsAny } from '@groundwork/core/permissions';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useClaims } from '../../auth/session';
import { AppBarActions } from '../../shell/app-bar-actions';
import { ListItemLink } from '../../shell/links';
import { useMenuOpen } from '../../shell/menu-state';
import { type NavigationItem, useNavigationItems } from '../../shell/navigation';
import { pageTitle } from '../../shell/page-title';
import { QboDisconnectedNotice } from '../../shell/qbo-disconnected-dialog';
import { useDocumentTitle } from '../../shell/use-document-title';

const DRAWER_WIDTH = 260;

function NavigationList({ items, onNavigate }: { items: NavigationItem[]; onNavigate: () => void }) {
  return (
    <List>
      {items.map((item) => (
        <ListItem key={item.path} disablePadding>
          <ListItemLink
            // Server-provided paths are not known to the router's types.
            to={item.path as never}
            activeProps={{ selected: true }}
            onClick={onNavigate}
          >
            <ListItemIcon>{item.path === '/dashboard' ? <SpaceDashboardIcon /> : <ArticleOutlinedIcon />}</ListItemIcon>
            <ListItemText primary={item.title} />
          </ListItemLink>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Until the server's per-user navigation (listUsersNavigation) exists, the menu offers what the
 * session's permissions open; the server refuses anything else regardless of the menu.
 */
function interimNavigation(groups: readonly string[], t: TFunction): NavigationItem[] {
  const items: NavigationItem[] = [{ title: t('nav.dashboard'), path: '/dashboard', type: 0 }];
  if (holdsAny(groups, ['projects_basic', 'projects_admin', ADMIN_ACCESS])) {
    items.push({ title: t('nav.projects'), path: '/modules/projects', type: 0 });
  }
  if (holdsAny(groups, ['projects_admin', ADMIN_ACCESS])) {
    items.push({ title: t('nav.adminProjects'), path: '/admin/projects', type: 0 });
  }
  return items;
}

/** Signed-in screens: app bar with the page title, navigation drawer, content. */
export function AppviewLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // Spec §9: the mobile breakpoint is lg. noSsr avoids a first render in the wrong variant.
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [open, setOpen] = useMenuOpen();
  // Until the server's navigation is provided, only the dashboard is offered.
  const claims = useClaims().data;
  const items = useNavigationItems() ?? interimNavigation(claims?.['cognito:groups'] ?? [], t);

  const pathname = useLocation({ select: (location) => location.pathname });
  const title = pageTitle(pathname, t('errors.notFound'));
  useDocumentTitle(title);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" sx={{ zIndex: (appTheme) => appTheme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            onClick={() => setOpen(!open)}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            sx={{ mr: 2 }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <AppBarActions />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={isDesktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setOpen(false)}
        sx={{
          width: isDesktop && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {/* Spacer so the list starts below the fixed app bar. */}
        <Toolbar />
        <nav aria-label={t('nav.main')}>
          <NavigationList
            items={items}
            // On a phone the drawer covers the page, so get it out of the way once a page is chosen.
            onNavigate={() => {
              if (!isDesktop) setOpen(false);
            }}
          />
        </nav>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
      <QboDisconnectedNotice />
    </Box>
  );
}
