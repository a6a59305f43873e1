// Every table, for drizzle-kit and the typed client. Modules own their tables; this only gathers them.

export {
  account,
  authCaptchaUsed,
  authLockout,
  authPending,
  authThrottle,
  passkey,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from '../identity/auth.table.js';
export { accountingConnections, accountingMappings, accountingSyncLog } from '../modules/accounting/accounting.table.js';
export {
  announcementReceipts,
  announcements,
  departmentMembers,
  divisionMembers,
} from '../modules/announcements/announcements.table.js';
export { billingAccounts, billingEvents } from '../modules/billing/billing.table.js';
export { chatMessages } from '../modules/chatbot/chatbot.table.js';
export { costcodes } from '../modules/costcodes/costcodes.table.js';
export { customLinks } from '../modules/customlinks/customlinks.table.js';
export { departments } from '../modules/departments/departments.table.js';
export { divisions } from '../modules/divisions/divisions.table.js';
export { employees } from '../modules/employees/employees.table.js';
export { files } from '../modules/files/files.table.js';
export { issues } from '../modules/issues/issues.table.js';
export { jobs, jobsForemen, jobsPms } from '../modules/jobs/jobs.table.js';
export { jobsCostcodes } from '../modules/jobs/jobs-costcodes.table.js';
export { joinLinks, joinRequests } from '../modules/join/join.table.js';
export { modules, modulesPricing, pricing, tenantsModules, tenantsPricing } from '../modules/modules/modules.table.js';
export { moods } from '../modules/mood/mood.table.js';
export { navigationItems } from '../modules/navigation/navigation.table.js';
export { noticeKeys, notificationSettings, notifications, pushSubscriptions } from '../modules/notifications/notifications.table.js';
export { bundleItems, itemClasses, items, itemTypes, orders, vendors } from '../modules/ordering/ordering.table.js';
export { jobsNotes } from '../modules/project-notes/project-notes.table.js';
export { punchEntries, punchSegments, punchSettings } from '../modules/punches/punches.table.js';
export { receiptSplits, receipts } from '../modules/receipts/receipts.table.js';
export { scheduledLabor } from '../modules/scheduling/scheduling.table.js';
export { codxTenantOptionsValues, tenantSettings } from '../modules/settings/settings.table.js';
export { apprenticeshipRequirementsTemplate, staticListItems, staticStates } from '../modules/staticdata/staticdata.table.js';
export { checklistTemplates, taskAssignees, tasks, taskThreads } from '../modules/tasks/tasks.table.js';
export { tenants } from '../modules/tenants/tenants.table.js';
export {
  timecardSystemConnections,
  timecardSystemImports,
  timecardSystemMappings,
} from '../modules/timecard-system/timecard-system.table.js';
export { timecardEntries, usersTimecard } from '../modules/timecards/timecards.table.js';
export { containers, reservations, toolLogs, tools } from '../modules/tools/tools.table.js';
export { usergroupPermissions, usergroups, usergroupUsers } from '../modules/usergroups/usergroups.table.js';
export { deviceMutations } from '../platform/device-mutations.table.js';
export { outbox } from '../platform/outbox.table.js';
