import { ERROR_MESSAGES, formatMessage, isMessageKey } from '@groundwork/core/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';

// Issue 46: every refusal carries extensions.message_key (a key of core's catalogue) and message_values, beside its
// English message, whichever module sends it and whatever stage refuses (the request guards, graphql-js, a resolver).

const t = useTestApp();
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  a = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  b = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

type Case = { name: string; query: string; vars?: (m: TestMember) => Record<string, unknown>; key?: string; token?: 'none' | 'other' };

const tenant = (m: TestMember) => ({ t: m.tenantUuid });
const cases: Case[] = [
  {
    name: 'a list limit',
    query: 'query($t: ID!) { listDepartments(tenant_uuid: $t, limit: 0) { items { id } } }',
    key: 'common.limitRange',
  },
  {
    name: 'a list token',
    query: 'query($t: ID!) { listDepartments(tenant_uuid: $t, nextToken: "zzz") { items { id } } }',
    key: 'common.invalidNextToken',
  },
  {
    name: 'an empty batch',
    query: 'mutation($t: ID!) { createDepartments(tenant_uuid: $t, data: []) { id } }',
    key: 'common.atLeastOneRecord',
  },
  {
    name: 'a batch too large (request guard)',
    query: 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }',
    vars: (m) => ({ t: m.tenantUuid, d: Array.from({ length: 1001 }, (_, i) => ({ department: `D${i}` })) }),
    key: 'common.tooManyRecords',
  },
  {
    name: 'a NUL character (request guard)',
    query: 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }',
    vars: (m) => ({ t: m.tenantUuid, d: [{ department: 'a\u0000b' }] }),
    key: 'common.nulText',
  },
  {
    name: 'notifications page',
    query: 'query($t: ID!) { listMyNotifications(tenant_uuid: $t, limit: 0) { items { id } } }',
    key: 'common.limitRange',
  },
  {
    name: 'mark read without ids',
    query: 'mutation($t: ID!) { markNotificationsRead(tenant_uuid: $t) }',
    key: 'notifications.giveIdsOrAll',
  },
  {
    name: 'notification settings',
    query:
      'mutation($t: ID!) { saveNotificationSettings(tenant_uuid: $t, settings: { email_on: [], push_off: [], quiet_start: "25:99", quiet_end: "07:00", time_zone: "UTC" }) { time_zone } }',
    key: 'notificationSettings.invalidTime',
  },
  {
    name: 'report status',
    query: 'mutation($t: ID!) { setDailyReportsStatus(tenant_uuid: $t, ids: [1], status: 5) { id } }',
    key: 'common.statusActive',
  },
  { name: 'order status', query: 'mutation($t: ID!) { setOrdersStatus(tenant_uuid: $t, ids: [], status: 1) { id } }' },
  {
    name: 'schedule board dates',
    query: 'query($t: ID!) { getScheduleBoard(tenant_uuid: $t, from: "x") { from } }',
    key: 'schedule.invalidDate',
  },
  { name: 'dashboard day', query: 'query($t: ID!) { getDashboard(tenant_uuid: $t, today: "x") { today } }', key: 'common.invalidDay' },
  {
    name: 'tools to move',
    query: 'mutation($t: ID!) { moveTools(tenant_uuid: $t, container_id: 1, ids: []) { id } }',
    key: 'tools.atLeastOne',
  },
  {
    name: 'a reservation',
    query: 'mutation($t: ID!) { reserveTools(tenant_uuid: $t, tool_ids: [1], start_date: "x", end_date: "2026-01-01") { id } }',
    key: 'tools.invalidDate',
  },
  {
    name: 'no settings',
    query: 'mutation($t: ID!) { updateTenantSettings(tenant_uuid: $t, global_settings: []) { __typename } }',
    key: 'settings.atLeastOne',
  },
  { name: 'a company name', query: 'mutation { createTenant(company: "  ") { tenant_uuid } }', vars: () => ({}), key: 'form.required' },
  {
    name: 'task scope',
    query: 'query($t: ID!) { listTasks(tenant_uuid: $t, filter: { scope: "x" }) { items { id } } }',
    key: 'tasks.scope',
  },
  {
    name: 'announcements page',
    query: 'query($t: ID!) { listAnnouncements(tenant_uuid: $t, limit: 0) { items { id } } }',
    key: 'common.limitRange',
  },
  {
    name: 'an announcement',
    query:
      'mutation($t: ID!) { saveAnnouncement(tenant_uuid: $t, announcement: { audience: "everyone", audience_ids: [], body: "b", title: "", start_date: "2026-02-01", exp_date: "2026-01-01", is_default: false, on_app: true, requires_ack: false }) { id } }',
  },
  { name: 'a time-card window', query: 'query($t: ID!) { getTimecardInfo(tenant_uuid: $t, start_date: "x") { employee_id } }' },
  { name: 'an unknown field (graphql-js)', query: 'query($t: ID!) { listDepartments(tenant_uuid: $t) { nope } }', key: 'common.text' },
  {
    name: 'a variable of the wrong type',
    query: 'query($t: ID!, $l: Int) { listDepartments(tenant_uuid: $t, limit: $l) { items { id } } }',
    vars: (m) => ({ t: m.tenantUuid, l: 'x' }),
  },
  {
    name: 'signed out',
    query: 'query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }',
    token: 'none',
    key: 'common.signBackIn',
  },
  {
    name: 'another company',
    query: 'query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }',
    token: 'other',
    key: 'common.notFound',
  },
];

describe('every refusal names its message by key', () => {
  it.each(cases)('$name', async ({ query, vars, key, token }) => {
    const res = await t.gql(query, vars ? vars(a) : tenant(token === 'other' ? b : a), token === 'none' ? undefined : a.token);
    expect(res.errors?.length, JSON.stringify(res)).toBeGreaterThan(0);
    for (const error of res.errors ?? []) {
      const ext = error.extensions as { message_key?: unknown; message_values?: Record<string, string | number> };
      expect(isMessageKey(ext.message_key), JSON.stringify(error)).toBe(true);
      expect(ext.message_values).toBeTypeOf('object');
      // The English is the catalogue's, with values filled in (after any 'Record N: ' or 'field: ' in front).
      const english = formatMessage(ERROR_MESSAGES[ext.message_key as keyof typeof ERROR_MESSAGES], ext.message_values);
      expect(error.message.endsWith(english), `${error.message} / ${english}`).toBe(true);
    }
    if (key) expect(res.errors?.[0]?.extensions).toMatchObject({ message_key: key });
  });
});
