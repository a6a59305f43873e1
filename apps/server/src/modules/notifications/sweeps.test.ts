import { addDays, isoDay, payPeriodFor } from '@groundwork/core/pay-periods';
import { MODULES } from '@groundwork/core/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { deviceMutations } from '../../platform/device-mutations.table.js';
import { createMailer } from '../../platform/mail.js';
import { readOutbox } from '../../platform/outbox.js';
import { formatDate, textRef } from '../../platform/texts.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { type PushStand, STAND_PUSH, startPushStand } from '../../testing/push-stand.js';
import { errorCode as code, okData as ok, testConfig, useTestApp } from '../../testing/test-app.js';
import { testDbKind } from '../../testing/test-db.js';
import { announcements } from '../announcements/announcements.table.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { payPeriodConfig } from '../timecards/timecards.graphql.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { containers, reservations, tools } from '../tools/tools.table.js';
import { notifyPeople, settlePushes } from './notifications.service.js';
import { notifications } from './notifications.table.js';
import { runSweeps, type SweepDeps, sweepCompany, sweepLockKey } from './sweeps.js';

/**
 * Issue 21's channels and sweeps: per-kind push and e-mail settings, quiet hours (held, then one summary), digests
 * through the mail queue, and what the sweeps tell once — reservations due and overdue, time cards to sign,
 * announcements reaching their start — each only to the company's own people, and nothing while a module is off.
 */

// The stand-in is allowed only because this file says so (issue 50).
const t = useTestApp({ config: { push: STAND_PUSH } });

const SETTINGS = `query($t: ID!) { myNotificationSettings(tenant_uuid: $t) { kinds push_off email_on quiet_start quiet_end time_zone } }`;
const SAVE = `mutation($t: ID!, $s: NotificationSettingsInput!) { saveNotificationSettings(tenant_uuid: $t, settings: $s) { push_off email_on quiet_start quiet_end time_zone } }`;
const INBOX = `query($t: ID!) { listMyNotifications(tenant_uuid: $t, limit: 100) { items { id kind title count link } } }`;
const KEY = `query($t: ID!) { pushPublicKey(tenant_uuid: $t) }`;
const SAVE_SUB = `mutation($t: ID!, $e: String!, $p: String!, $a: String!) { savePushSubscription(tenant_uuid: $t, endpoint: $e, p256dh: $p, auth: $a) }`;

let stand: PushStand;
let deps: SweepDeps;
let tenant: string;
let otherTenant: string;
let admin: TestMember;
let toolAdmin: TestMember;
let worker: TestMember;
let crew: TestMember;
let stranger: TestMember;

const now = () => new Date();
const hhmm = (d: Date) => d.toISOString().slice(11, 16);
const settings = (s: Record<string, unknown>) => ({
  push_off: [],
  email_on: [],
  quiet_start: null,
  quiet_end: null,
  time_zone: 'UTC',
  ...s,
});
const inbox = async (who: TestMember) =>
  ok(await t.gql(INBOX, { t: who.tenantUuid }, who.token)).listMyNotifications.items as { kind: string; title: string; count: number }[];

async function device(who: TestMember) {
  const key = ok(await t.gql(KEY, { t: who.tenantUuid }, who.token)).pushPublicKey as string;
  const sub = await stand.subscribe(key);
  ok(await t.gql(SAVE_SUB, { t: who.tenantUuid, e: sub.endpoint, p: sub.keys.p256dh, a: sub.keys.auth }, who.token));
  return sub;
}
const pushes = (clientHash: string) => stand.received<{ title: string; kind: string }>(clientHash);

const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2], who = tenant) => withTenant(t.database.db, who, fn);
const setEmail = (who: TestMember, email: string) =>
  inTenant(
    (tx) =>
      tx
        .update(employees)
        .set({ email })
        .where(and(eq(employees.tenant_uuid, who.tenantUuid), eq(employees.id, who.employeeId))),
    who.tenantUuid,
  );

beforeAll(async () => {
  stand = await startPushStand();
  const db = t.database.db;
  deps = {
    db,
    realtime: { publish: () => {} } as never,
    dataDir: 'memory://',
    log: console,
    mailer: createMailer({ from: 'noreply@groundwork.test', db, now }),
    appOrigin: 'https://app.groundwork.test',
    config: { ...testConfig(), push: STAND_PUSH },
  };
  tenant = await createTenant(db);
  otherTenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Maria' });
  toolAdmin = await createMember(db, tenant, { permissions: ['tool20_admin'], firstname: 'Tom' });
  worker = await createMember(db, tenant, { permissions: ['basic_access', 'tool20_basic', 'announcements_basic'], firstname: 'Ben' });
  crew = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ana' });
  stranger = await createMember(db, otherTenant, { isAdmin: true, firstname: 'Other' });
}, 60_000);

afterAll(() => stand.close());

describe('notification settings', () => {
  it('start at the defaults, save for the caller only, and come back as saved', async () => {
    const first = ok(await t.gql(SETTINGS, { t: tenant }, worker.token)).myNotificationSettings;
    expect(first).toMatchObject({ push_off: [], email_on: [], quiet_start: null, quiet_end: null, time_zone: 'UTC' });
    expect(first.kinds).toContain('timecard_to_sign');
    const saved = ok(
      await t.gql(
        SAVE,
        {
          t: tenant,
          s: settings({
            push_off: ['task_comment', 'task_comment'],
            email_on: ['timecard_to_sign'],
            quiet_start: '22:00',
            quiet_end: '06:00',
            time_zone: 'America/Chicago',
          }),
        },
        crew.token,
      ),
    ).saveNotificationSettings;
    expect(saved).toEqual({
      push_off: ['task_comment'],
      email_on: ['timecard_to_sign'],
      quiet_start: '22:00',
      quiet_end: '06:00',
      time_zone: 'America/Chicago',
    });
    expect(ok(await t.gql(SETTINGS, { t: tenant }, crew.token)).myNotificationSettings).toMatchObject(saved);
    // Nobody else's settings changed.
    expect(ok(await t.gql(SETTINGS, { t: tenant }, admin.token)).myNotificationSettings.quiet_start).toBeNull();
    // Saving again replaces.
    ok(await t.gql(SAVE, { t: tenant, s: settings({}) }, crew.token));
    expect(ok(await t.gql(SETTINGS, { t: tenant }, crew.token)).myNotificationSettings.push_off).toEqual([]);
  });

  it('refuse bad input with the field and a clear message, and another company or no session', async () => {
    const bad = async (s: Record<string, unknown>) => {
      const res = await t.gql(SAVE, { t: tenant, s: settings(s) }, worker.token);
      return {
        code: code(res),
        field: (res.errors?.[0]?.extensions as { field?: string } | undefined)?.field,
        message: res.errors?.[0]?.message,
      };
    };
    expect(await bad({ quiet_start: '25:00', quiet_end: '06:00' })).toEqual({
      code: 'VALIDATION',
      field: 'quiet_start',
      message: 'Use a time like 22:00.',
    });
    expect(await bad({ quiet_start: '22:00' })).toMatchObject({
      field: 'quiet_end',
      message: 'Give both the start and the end of quiet hours, or neither.',
    });
    expect(await bad({ time_zone: 'Nowhere/Land' })).toMatchObject({ field: 'time_zone', message: 'Unknown time zone.' });
    expect(await bad({ email_on: ['everything'] })).toMatchObject({ field: 'email_on', message: 'Unknown notification kind.' });
    expect(code(await t.gql(SAVE, { t: tenant, s: settings({}) }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(SETTINGS, { t: tenant }))).toBe('UNAUTHENTICATED');
  });
});

describe('channels', () => {
  it('does not push a kind the person switched off; the inbox still gets it', async () => {
    const phone = await device(crew);
    ok(await t.gql(SAVE, { t: tenant, s: settings({ push_off: ['task_comment'] }) }, crew.token));
    await notifyPeople(
      deps,
      tenant,
      [crew.employeeId],
      { kind: 'task_comment', text: textRef('notification.task_comment', { task: 'Comment on the pour' }), ref_id: 3 },
      now(),
    );
    await notifyPeople(
      deps,
      tenant,
      [crew.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Strip the forms' }), ref_id: 4 },
      now(),
    );
    await settlePushes();
    expect((await pushes(phone.clientHash)).map((p) => p.title)).toEqual(['Strip the forms']);
    expect((await inbox(crew)).map((n) => n.title)).toEqual(expect.arrayContaining(['Comment on the pour', 'Strip the forms']));
  });

  it('holds pushes in quiet hours and sends one summary when they end', async () => {
    const phone = await device(worker);
    const at = now();
    ok(
      await t.gql(
        SAVE,
        {
          t: tenant,
          s: settings({ quiet_start: hhmm(new Date(at.getTime() - 3_600_000)), quiet_end: hhmm(new Date(at.getTime() + 3_600_000)) }),
        },
        worker.token,
      ),
    );
    await notifyPeople(
      deps,
      tenant,
      [worker.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Night task' }), ref_id: 9 },
      at,
    );
    await notifyPeople(
      deps,
      tenant,
      [worker.employeeId],
      { kind: 'schedule_changed', text: textRef('notification.schedule_changed_day', { date: { date: '2026-12-07' } }) },
      at,
    );
    await settlePushes();
    expect(await pushes(phone.clientHash)).toEqual([]);
    expect((await inbox(worker)).map((n) => n.title)).toEqual(expect.arrayContaining(['Night task', 'Schedule changed: December 7, 2026']));
    // Still quiet: nothing yet.
    await runSweeps(deps, at);
    await settlePushes();
    expect(await pushes(phone.clientHash)).toEqual([]);
    // Two hours on, quiet hours are over: one summary.
    const later = new Date(at.getTime() + 2 * 3_600_000);
    expect((await runSweeps(deps, later)).summaries).toBeGreaterThanOrEqual(1);
    await settlePushes();
    expect(await pushes(phone.clientHash)).toEqual([expect.objectContaining({ title: '2 new notifications', kind: 'summary' })]);
    // The stand-in keeps what it received: still the one summary after another run.
    await runSweeps(deps, later);
    await settlePushes();
    expect(await pushes(phone.clientHash)).toHaveLength(1);
    ok(await t.gql(SAVE, { t: tenant, s: settings({}) }, worker.token));
  });

  it('e-mails a digest of unread notifications of the kinds asked for, once, through the mail queue', async () => {
    await setEmail(admin, 'maria@summit.test');
    ok(await t.gql(SAVE, { t: tenant, s: settings({ email_on: ['order_acknowledged'] }) }, admin.token));
    await notifyPeople(
      deps,
      tenant,
      [admin.employeeId],
      { kind: 'order_acknowledged', text: textRef('notification.order_acknowledged', { po: 'PO 1042 acknowledged' }), ref_id: 1042 },
      now(),
    );
    await notifyPeople(
      deps,
      tenant,
      [admin.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Not in the digest' }), ref_id: 5 },
      now(),
    );
    // Too fresh: the person may still read it in the app.
    await runSweeps(deps, now());
    expect(await readOutbox(t.database.db, 'maria@summit.test')).toEqual([]);
    const later = new Date(Date.now() + 20 * 60_000);
    expect((await runSweeps(deps, later)).digests).toBe(1);
    const [mail] = await readOutbox(t.database.db, 'maria@summit.test');
    expect(mail.subject).toBe('You have 1 unread notification');
    expect(mail.text).toContain('PO 1042 acknowledged');
    expect(mail.text).toContain('https://app.groundwork.test/modules/ordering');
    expect(mail.text).not.toContain('Not in the digest');
    // Nothing new: no second mail, even in a later hour.
    await runSweeps(deps, new Date(later.getTime() + 2 * 3_600_000));
    expect(await readOutbox(t.database.db, 'maria@summit.test')).toHaveLength(1);
  });
});

describe('sweeps', () => {
  it('forget the offline outbox’s ids after 30 days, in the swept company only', async () => {
    const at = now();
    const old = new Date(at.getTime() - 31 * 86_400_000).toISOString();
    const fresh = new Date(at.getTime() - 29 * 86_400_000).toISOString();
    const ids = ['0192f0c4-7e55-7a10-9b1d-2f6c8e4d1a11', '0192f0c4-7e55-7a10-9b1d-2f6c8e4d1a12'];
    for (const [company, who] of [
      [tenant, worker.employeeId],
      [otherTenant, stranger.employeeId],
    ] as const) {
      await withTenant(t.database.db, company, (tx) =>
        tx.insert(deviceMutations).values([
          { tenant_uuid: company, employees_id: who, id: ids[0], payload_hash: 'x', created_on: old },
          { tenant_uuid: company, employees_id: who, id: ids[1], payload_hash: 'y', created_on: fresh },
        ]),
      );
    }
    const left = (company: string) =>
      withTenant(t.database.db, company, (tx) =>
        tx.select({ id: deviceMutations.id }).from(deviceMutations).where(eq(deviceMutations.payload_hash, 'x')),
      );
    await sweepCompany(deps, tenant, at, { companies: 0, skipped: 0, told: {}, summaries: 0, digests: 0 });
    expect(await left(tenant)).toEqual([]);
    expect(await left(otherTenant)).toHaveLength(1);
    const kept = await withTenant(t.database.db, tenant, (tx) =>
      tx.select({ id: deviceMutations.id }).from(deviceMutations).where(eq(deviceMutations.payload_hash, 'y')),
    );
    expect(kept).toHaveLength(1);
  });

  it('tell a reservation due today to its holder, an overdue one to the holder and the tool admins, once each', async () => {
    const today = isoDay(now());
    await inTenant(async (tx) => {
      const [box] = await tx
        .insert(containers)
        .values({ tenant_uuid: tenant, container_name: 'Gang box' })
        .returning({ id: containers.id });
      const [saw, laser] = await tx
        .insert(tools)
        .values([
          { tenant_uuid: tenant, tool_number: 'T-1', name: 'Track saw', container_id: box.id },
          { tenant_uuid: tenant, tool_number: 'T-2', name: 'Rotary laser', container_id: box.id },
        ])
        .returning({ id: tools.id });
      await tx.insert(reservations).values([
        { tenant_uuid: tenant, tools_id: saw.id, start_date: today, end_date: addDays(today, 2), employees_id: worker.employeeId },
        {
          tenant_uuid: tenant,
          tools_id: laser.id,
          start_date: addDays(today, -5),
          end_date: addDays(today, -1),
          employees_id: worker.employeeId,
        },
      ]);
    });
    const report = await runSweeps(deps, now());
    expect(report.told).toMatchObject({ reservation_due: 1, reservation_overdue: 3 });
    const mine = await inbox(worker);
    expect(mine.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Your reservation of Track saw starts today.',
        `Rotary laser is overdue: it was due back on ${formatDate('en', addDays(today, -1))}.`,
      ]),
    );
    expect((await inbox(toolAdmin)).map((n) => n.kind)).toContain('reservation_overdue');
    expect((await inbox(admin)).map((n) => n.kind)).toContain('reservation_overdue');
    expect((await inbox(crew)).map((n) => n.kind)).not.toContain('reservation_overdue');
    expect(await inbox(stranger)).toEqual([]);
    const again = await runSweeps(deps, now());
    expect(again.told.reservation_due ?? 0).toBe(0);
    expect(again.told.reservation_overdue ?? 0).toBe(0);
  });

  it('asks people with unsigned time in the last pay period to sign it, and not those who signed', async () => {
    const period = (() => {
      const { type, anchor } = payPeriodConfig([]);
      const current = payPeriodFor(isoDay(now()), type, anchor);
      return payPeriodFor(addDays(current.start, -1), type, anchor);
    })();
    await inTenant(async (tx) => {
      const [job] = await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Riverside', job_abbr: 'RMOB' }).returning({ id: jobs.id });
      const [cc] = await tx
        .insert(costcodes)
        .values({ tenant_uuid: tenant, costcode: '03-300', description: 'Concrete' })
        .returning({ id: costcodes.id });
      const card = async (who: TestMember, signed: boolean) =>
        (
          await tx
            .insert(usersTimecard)
            .values({
              tenant_uuid: tenant,
              employees_id: who.employeeId,
              payperiod_start_date: period.start,
              payperiod_end_date: period.end,
              signed_on: signed ? sql`now()` : null,
            } as never)
            .returning({ id: usersTimecard.id })
        )[0].id;
      for (const [who, signed] of [
        [crew, false],
        [toolAdmin, true],
      ] as const) {
        await tx.insert(timecardEntries).values({
          tenant_uuid: tenant,
          users_timecard_id: await card(who, signed),
          employees_id: who.employeeId,
          timecard_date: period.start,
          jobs_id: job.id,
          costcodes_id: cc.id,
          hours: 8,
        });
      }
    });
    expect((await runSweeps(deps, now())).told.timecard_to_sign).toBe(1);
    expect(await inbox(crew)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'timecard_to_sign',
          title: `Sign your time card for ${formatDate('en', period.start)} to ${formatDate('en', period.end)}.`,
        }),
      ]),
    );
    expect((await inbox(toolAdmin)).map((n) => n.kind)).not.toContain('timecard_to_sign');
    expect((await runSweeps(deps, now())).told.timecard_to_sign ?? 0).toBe(0);
  });

  it('tells an announcement written ahead of its start to its audience on that day, once; nothing while the module is off', async () => {
    const today = isoDay(now());
    const [ahead] = await inTenant((tx) =>
      tx
        .insert(announcements)
        .values({
          tenant_uuid: tenant,
          title: 'Site closed Friday',
          body: '<p>Holiday</p>',
          start_date: today,
          exp_date: addDays(today, 3),
          audience: 'everyone',
          audience_ids: [],
          on_app: true,
          employee_id: admin.employeeId,
          created_on: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        })
        .returning({ id: announcements.id }),
    );
    await inTenant((tx) => tx.insert(tenantsModules).values({ tenant_uuid: tenant, modules_id: MODULES.announcements, status: 0 }));
    expect((await runSweeps(deps, now())).told.announcement ?? 0).toBe(0);
    await inTenant((tx) => tx.delete(tenantsModules).where(eq(tenantsModules.tenant_uuid, tenant)));
    const report = await runSweeps(deps, now());
    expect(report.told.announcement).toBe(3);
    expect(await inbox(worker)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'announcement', title: 'Site closed Friday' })]),
    );
    expect((await inbox(admin)).map((n) => n.title)).not.toContain('Site closed Friday');
    expect((await runSweeps(deps, now())).told.announcement ?? 0).toBe(0);
    const rows = await inTenant((tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.tenant_uuid, tenant), eq(notifications.ref_id, ahead.id))),
    );
    expect(rows[0].n).toBe(3);
  });

  it('reminds the assignees of a task due tomorrow and not done, once', async () => {
    const tomorrow = addDays(isoDay(now()), 1);
    await inTenant(async (tx) => {
      const made = await tx
        .insert(tasks)
        .values([
          { tenant_uuid: tenant, title: 'Pour the east footing', due_date: tomorrow },
          { tenant_uuid: tenant, title: 'Already done', due_date: tomorrow, status: 'done' },
          { tenant_uuid: tenant, title: 'Next week', due_date: addDays(tomorrow, 6) },
        ])
        .returning({ id: tasks.id });
      await tx
        .insert(taskAssignees)
        .values(made.flatMap((m) => [crew, worker].map((p) => ({ tenant_uuid: tenant, tasks_id: m.id, employees_id: p.employeeId }))));
    });
    expect((await runSweeps(deps, now())).told.task_due).toBe(2);
    expect(await inbox(crew)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'task_due', title: 'Due tomorrow: Pour the east footing' })]),
    );
    expect((await inbox(crew)).map((n) => n.title)).not.toContain('Due tomorrow: Already done');
    expect((await inbox(admin)).map((n) => n.kind)).not.toContain('task_due');
    expect((await runSweeps(deps, now())).told.task_due ?? 0).toBe(0);
  });

  it('never writes into another company', async () => {
    await runSweeps(deps, now());
    const theirs = await withTenant(t.database.db, otherTenant, (tx) =>
      tx.select().from(notifications).where(eq(notifications.tenant_uuid, otherTenant)),
    );
    expect(theirs).toEqual([]);
  });
  // Two instances on one PostgreSQL: while one sweeps a company (holding its lock), the other leaves it alone. The
  // embedded database has one connection, so nothing can hold the lock while another sweep runs there.
  it.skipIf(testDbKind() !== 'postgres')('leave a company another instance is sweeping to that instance', async () => {
    let release = () => {};
    let locked = () => {};
    const held = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sweepLockKey(tenant)}))`);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await held;
    const during = await runSweeps(deps, now());
    release();
    await holder;
    expect(during.skipped).toBe(1);
    const after = await runSweeps(deps, now());
    expect(after.skipped).toBe(0);
    expect(after.companies).toBe(during.companies + 1);
  });
});

describe("in each person's language (issue 46)", () => {
  const SET_LANGUAGE = `mutation($t: ID!, $c: String!, $l: String) {
    updateEmployeeUserInfo(tenant_uuid: $t, cognito_uuid: $c, employee: { language: $l }) { id } }`;

  it('tells an overdue tool in Spanish, its date as Spanish writes it, to a Spanish speaker, and in English to another', async () => {
    const company = await createTenant(t.database.db);
    const hablante = await createMember(t.database.db, company, { permissions: ['tool20_admin'], firstname: 'Lucía' });
    const speaker = await createMember(t.database.db, company, { permissions: ['basic_access', 'tool20_basic'], firstname: 'Sam' });
    ok(await t.gql(SET_LANGUAGE, { t: company, c: hablante.identity, l: 'es' }, hablante.token));
    ok(await t.gql(SET_LANGUAGE, { t: company, c: speaker.identity, l: 'en' }, speaker.token));
    const phone = await device(hablante);
    const due = addDays(isoDay(now()), -2);
    await inTenant(async (tx) => {
      const [box] = await tx
        .insert(containers)
        .values({ tenant_uuid: company, container_name: 'Trailer' })
        .returning({ id: containers.id });
      const [vibrator] = await tx
        .insert(tools)
        .values({ tenant_uuid: company, tool_number: 'T-9', name: 'Concrete vibrator #1', container_id: box.id })
        .returning({ id: tools.id });
      await tx.insert(reservations).values({
        tenant_uuid: company,
        tools_id: vibrator.id,
        start_date: addDays(due, -6),
        end_date: due,
        employees_id: speaker.employeeId,
      });
    }, company);
    await sweepCompany(deps, company, now(), { companies: 0, skipped: 0, told: {}, summaries: 0, digests: 0 });
    await settlePushes();

    // Intl's Spanish: "26 de noviembre de 2026" (texts.test.ts holds the exact words).
    expect(formatDate('es', due)).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    const spanish = `Concrete vibrator #1 está vencida: debía devolverse el ${formatDate('es', due)}.`;
    const english = `Concrete vibrator #1 is overdue: it was due back on ${formatDate('en', due)}.`;
    expect(english).toMatch(/due back on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect((await inbox(hablante)).map((n) => n.title)).toEqual([spanish]);
    expect((await inbox(speaker)).map((n) => n.title)).toEqual([english]);
    expect((await pushes(phone.clientHash)).map((p) => p.title)).toEqual([spanish]);

    // The inbox follows the reader: the same row reads in English once they switch.
    ok(await t.gql(SET_LANGUAGE, { t: company, c: hablante.identity, l: 'en' }, hablante.token));
    expect((await inbox(hablante)).map((n) => n.title)).toEqual([english]);
    ok(await t.gql(SET_LANGUAGE, { t: company, c: hablante.identity, l: 'es' }, hablante.token));

    // Their e-mail digest is in Spanish too.
    await setEmail(hablante, 'lucia@obra.test');
    ok(await t.gql(SAVE, { t: company, s: settings({ email_on: ['reservation_overdue'] }) }, hablante.token));
    await sweepCompany(deps, company, new Date(Date.now() + 20 * 60_000), { companies: 0, skipped: 0, told: {}, summaries: 0, digests: 0 });
    const [mail] = await readOutbox(t.database.db, 'lucia@obra.test');
    expect(mail.subject).toBe('Tienes 1 notificación sin leer');
    expect(mail.text).toContain(spanish);
    expect(mail.text).toContain('Todas las notificaciones: https://app.groundwork.test/notifications');
  });
});
