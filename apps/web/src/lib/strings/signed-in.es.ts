import dashboardEs from '../../locales/dashboard.es.json';
import profileEs from '../../locales/profile.es.json';
import announcementsEs from '../../modules/announcements/locales/es.json';

// What the signed-in shell shows (lib/i18n.ts SHELL_NAMESPACES) in one chunk per language; each other screen's
// strings are a chunk of their own, fetched with the screen.
export default {
  profile: profileEs,
  announcements: announcementsEs,
  dashboard: dashboardEs,
};
