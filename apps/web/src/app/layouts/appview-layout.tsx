import MenuIcon from '@mui/icons-material/Menu';
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
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadAllNamespaces } from '../../lib/i18n';
import { whenSettled } from '../../lib/idle';
import { useTenant } from '../../lib/storage';
import { QboDisconnectedNotice } from '../../modules/company/components/qbo-disconnected-dialog';
import { NotificationsBell } from '../../modules/notifications/notifications-bell';
import { useOfferLanguageToServer } from '../../modules/profile/language';
import { AppBarActions } from '../../shell/app-bar-actions';
import { ListItemLink } from '../../shell/links';
import { useMenuOpen } from '../../shell/menu-state';
import { DASHBOARD_ITEM, type NavigationItem, useNavigationItems } from '../../shell/navigation';
import { pageTitle } from '../../shell/page-title';
import { SnackbarSettingGate } from '../../shell/snackbar-setting';
import { useDocumentTitle } from '../../shell/use-document-title';
import { globalSettingsKeys } from '../global-settings-query';
import { navigationIcon } from '../navigation-icons';
import { navigationKeys } from '../navigation-query';
import { UnauthNotice } from '../unauth-notice';

const DRAWER_WIDTH = 260;

function NavigationList({ items, onNavigate }: { items: NavigationItem[]; onNavigate: () => void }) {
  return (
    <List>
      {items.map((item) => {
        const Icon = navigationIcon(item.icon, item.path);
        return (
          <ListItem key={item.path} disablePadding>
            <ListItemLink
              // Server-provided paths are not known to the router's types.
              to={item.path as never}
              activeProps={{ selected: true }}
              onClick={onNavigate}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={item.title} />
            </ListItemLink>
          </ListItem>
        );
      })}
    </List>
  );
}

/** Another company's menu and settings must not linger once the person works in this one. */
function useForgetOtherTenants(tenant: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tenant) return;
    const otherTenant = (prefix: readonly string[]) => ({
      queryKey: prefix,
      predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== tenant,
    });
    queryClient.removeQueries(otherTenant(navigationKeys.all));
    queryClient.removeQueries(otherTenant(globalSettingsKeys.all));
  }, [queryClient, tenant]);
}

/** Signed-in screens: app bar with the page title, navigation drawer, content. */
export function AppviewLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // Spec §9: the mobile breakpoint is lg. noSsr avoids a first render in the wrong variant.
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [open, setOpen] = useMenuOpen();
  const tenant = useTenant();
  useForgetOtherTenants(tenant);
  // Signed in: the server learns this browser's language if it keeps none for the person yet (issue 46).
  useOfferLanguageToServer();
  // Every screen's strings once the first one is up with its data, so a later page (or one opened offline) does not
  // wait for them.
  const queryClient = useQueryClient();
  useEffect(() => whenSettled(queryClient, preloadAllNamespaces), [queryClient]);
  // The server's navigation (listUsersNavigation); until it arrives, or if it cannot be read, the dashboard.
  const items = useNavigationItems() ?? [{ ...DASHBOARD_ITEM, title: t('nav.dashboard') }];

  const pathname = useLocation({ select: (location) => location.pathname });
  // Spec §2's rule, with each segment's name in the reader's language (English names are the rule's own output).
  const { t: shellT, i18n } = useTranslation('shell');
  const title = pageTitle(pathname, t('errors.notFound'), (segment) =>
    i18n.exists(`pageTitles.${segment}`, { ns: 'shell' }) ? (shellT(`pageTitles.${segment}` as never) as string) : undefined,
  );
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
          <AppBarActions notifications={<NotificationsBell />} />
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
        {/* A page whose strings are still on their way waits here, under the app bar. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      <QboDisconnectedNotice />
      <UnauthNotice />
      {tenant && <SnackbarSettingGate tenant={tenant} />}
    </Box>
  );
}
