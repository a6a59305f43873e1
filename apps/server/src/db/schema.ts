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
export { costcodes } from '../modules/costcodes/costcodes.table.js';
export { departments } from '../modules/departments/departments.table.js';
export { divisions } from '../modules/divisions/divisions.table.js';
export { employees } from '../modules/employees/employees.table.js';
export { jobs, jobsCostcodes, jobsForemen, jobsPms } from '../modules/jobs/jobs.table.js';
export { tenantSettings } from '../modules/settings/settings.table.js';
export { tenants } from '../modules/tenants/tenants.table.js';
export { timecardEntries, usersTimecard } from '../modules/timecards/timecards.table.js';
export { usergroupPermissions, usergroups, usergroupUsers } from '../modules/usergroups/usergroups.table.js';
export { outbox } from '../platform/outbox.table.js';
