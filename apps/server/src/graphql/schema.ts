import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import '../modules/tenants/tenants.graphql.js';
import '../modules/employees/employees.graphql.js';
import '../modules/employees/people.graphql.js';
import '../modules/usergroups/usergroups.graphql.js';
import '../modules/costcodes/costcodes.graphql.js';
import '../modules/departments/departments.graphql.js';
import '../modules/divisions/divisions.graphql.js';
import '../modules/jobs/jobs.graphql.js';
import '../modules/timecards/timecards.graphql.js';
import '../modules/modules/modules.graphql.js';
import '../modules/navigation/navigation.graphql.js';
import '../modules/settings/settings.graphql.js';
import '../modules/chatbot/chatbot.graphql.js';
import '../modules/customlinks/customlinks.graphql.js';
import '../modules/staticdata/staticdata.graphql.js';
import '../modules/profile/profile.graphql.js';
import '../modules/issues/issues.graphql.js';
import '../modules/files/files.graphql.js';
import '../modules/receipts/receipts.graphql.js';
import '../modules/scheduling/scheduling.graphql.js';
import '../modules/tasks/tasks.graphql.js';
import '../modules/tools/tools.graphql.js';
import '../modules/ordering/ordering.graphql.js';
import '../modules/project-notes/project-notes.graphql.js';
import '../modules/join/join.graphql.js';
import '../modules/notifications/notifications.graphql.js';
import '../modules/announcements/announcements.graphql.js';
import '../modules/mood/mood.graphql.js';
import '../modules/people-report/people-report.graphql.js';
import '../modules/people-report/graph.graphql.js';
import '../modules/dashboard/dashboard.graphql.js';
import '../modules/reports/reports.graphql.js';
import '../modules/billing/billing.graphql.js';
import '../modules/accounting/accounting.graphql.js';
import '../modules/timecard-system/timecard-system.graphql.js';
import '../modules/punches/punches.graphql.js';

let schema: GraphQLSchema | undefined;

/** Built once per process: the modules above register their types on import. */
export function getSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
