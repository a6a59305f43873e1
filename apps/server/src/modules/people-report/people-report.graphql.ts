import { atField, fromText } from '@groundwork/core/messages';
import { INACTIVE_DAYS, peopleReportArgs, REPORT_PAGE_DEFAULT } from '@groundwork/core/people-report';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import { type Rule, tenantQuery } from '../../graphql/gate.js';
import {
  companyPeople,
  headcounts,
  inactivePage,
  missingContactPage,
  type ReportCount,
  type ReportPage,
  type ReportPerson,
} from './people-report.service.js';

/**
 * The people report (/reports/people-report, issue 27): the directory as numbers and two to-do lists. Its menu item
 * asks for admin_access (migration 0008), and so does the query; the company's reports module must be on.
 */
const REPORT: Rule = { area: 'reports', action: 'read' };

const CountRef = builder.objectRef<ReportCount>('PeopleReportCount').implement({
  description: "One group of a headcount. key: a status number, trade name, department or division id, or tenure bucket ('' = none).",
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    count: t.exposeInt('count'),
  }),
});

const PersonRef = builder.objectRef<ReportPerson>('PeopleReportPerson').implement({
  description: 'A person on one of the report\'s lists. missing: "email" and/or "phone". last_seen: their latest session, if any.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    missing: t.exposeStringList('missing'),
    has_account: t.exposeBoolean('has_account'),
    last_seen: t.exposeString('last_seen', { nullable: true }),
  }),
});

const PageRef = builder.objectRef<ReportPage>('PeopleReportPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PersonRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    next_offset: t.exposeInt('next_offset', { nullable: true }),
  }),
});

type Report = Awaited<ReturnType<typeof headcounts>> & {
  today: string;
  inactive_days: number;
  missing_contact: ReportPage;
  inactive: ReportPage;
};

const ReportRef = builder.objectRef<Report>('PeopleReport').implement({
  description:
    'Headcounts (status: every person; trade, department, division, tenure: active people only; a person with several ' +
    'trades counts once in each) and two lists of active people. Tenure buckets by whole years since the hire date: ' +
    'lt1 (<1), 1to3 (1 to <3), 3to5 (3 to <5), 5plus, unknown (no hire date or a future one).',
  fields: (t) => ({
    today: t.exposeString('today'),
    total: t.exposeInt('total'),
    active: t.exposeInt('active'),
    by_status: t.field({ type: [CountRef], resolve: (r) => r.by_status }),
    by_trade: t.field({ type: [CountRef], resolve: (r) => r.by_trade }),
    by_department: t.field({ type: [CountRef], resolve: (r) => r.by_department }),
    by_division: t.field({ type: [CountRef], resolve: (r) => r.by_division }),
    by_tenure: t.field({ type: [CountRef], resolve: (r) => r.by_tenure }),
    inactive_days: t.exposeInt('inactive_days'),
    missing_contact: t.field({
      type: PageRef,
      description: 'Active people without a work e-mail or a cell phone, by name.',
      resolve: (r) => r.missing_contact,
    }),
    inactive: t.field({
      type: PageRef,
      description:
        'Active people with no session used in the last inactive_days days: no account first, then no session left ' +
        '(never signed in, or signed out), then the oldest. Sign-ins are read from sessions: nothing else records them.',
      resolve: (r) => r.inactive,
    }),
  }),
});

tenantQuery('peopleReport', REPORT, {
  type: ReportRef,
  description:
    "The people report, for admin_access. today: the caller's local date (YYYY-MM-DD) for tenure; limit (1–200, default " +
    "50) and each list's offset page the two lists.",
  args: (t) => ({
    today: t.string({ required: false }),
    limit: t.int({ required: false }),
    missing_offset: t.int({ required: false }),
    inactive_offset: t.int({ required: false }),
  }),
  resolve: async (args, g) => {
    if (!g.member.permissions.has(ADMIN_ACCESS)) throw forbidden();
    const parsed = peopleReportArgs.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join('.');
      throw new AppError('VALIDATION', atField(field, fromText(issue.message)), { field });
    }
    const { today, limit, missing_offset, inactive_offset } = parsed.data;
    const day = today ?? new Date().toISOString().slice(0, 10);
    const size = limit ?? REPORT_PAGE_DEFAULT;
    const tenant = g.member.tenantUuid;
    const people = await companyPeople(g.tx, tenant);
    const report: Report = {
      ...(await headcounts(g.tx, tenant, people, day)),
      today: day,
      inactive_days: INACTIVE_DAYS,
      missing_contact: missingContactPage(people, missing_offset ?? 0, size),
      inactive: { items: [], total: 0, next_offset: null },
    };
    // Sessions are global (read as the owner, not app_user): read once the company's walled transaction is over (on
    // PGlite it holds the only connection), for the accounts of this company's people only, before the answer leaves.
    g.afterCommit(async () => {
      report.inactive = await inactivePage(people, (ids) => g.ctx.accounts.lastSeen(ids), new Date(), inactive_offset ?? 0, size);
    });
    return report;
  },
});
