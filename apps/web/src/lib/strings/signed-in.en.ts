import dashboardEn from '../../locales/dashboard.en.json';
import profileEn from '../../locales/profile.en.json';
import announcementsEn from '../../modules/announcements/locales/en.json';

// What the signed-in shell shows (lib/i18n.ts SHELL_NAMESPACES) in one chunk per language; each other screen's
// strings are a chunk of their own, fetched with the screen.
export default {
  profile: profileEn,
  announcements: announcementsEn,
  dashboard: dashboardEn,
};
