import { type NotificationKind, notificationLink } from '@groundwork/core/notifications';
import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { renderRef, type TextRef, textRef } from '../../platform/texts.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { moods } from '../mood/mood.table.js';
import { noticeKeys, notificationSettings, notifications, pushSubscriptions } from '../notifications/notifications.table.js';
import { announcementReceipts, announcements, departmentMembers, divisionMembers } from './announcements.table.js';

/**
 * The demo company's announcements (one pinned, one needing acknowledgement, one coming, one e-mail only, one archived),
 * who is in which department and division, a week of notifications and a month of mood check-ins (none today, so the
 * check-in is offered). `people` is in the demo's order: 0–2 office admins, 3–4 foremen, then the crew; 8 estimator,
 * 10 safety manager. Runs after the departments and divisions exist.
 */
export async function seedDemoAnnouncements(tx: Tx, tenant_uuid: string, people: number[], today = isoDay(new Date())): Promise<void> {
  const deptRows = await tx
    .select({ id: departments.id, name: departments.department })
    .from(departments)
    .where(eq(departments.tenant_uuid, tenant_uuid));
  const dept = (name: string) => deptRows.find((d) => d.name === name)?.id;
  const divRows = await tx
    .select({ id: divisions.id, name: divisions.division })
    .from(divisions)
    .where(eq(divisions.tenant_uuid, tenant_uuid));
  const div = (name: string) => divRows.find((d) => d.name === name)?.id;

  const field = [3, 4, 5, 6, 7, 9, 11, 12, 13];
  const members: [string, number[]][] = [
    ['Field Operations', field],
    ['Estimating', [1, 8]],
    ['Accounting', [2]],
    ['Safety', [0, 10]],
  ];
  const deptValues = members.flatMap(([name, idx]) => {
    const id = dept(name);
    return id ? idx.filter((i) => people[i]).map((i) => ({ tenant_uuid, departments_id: id, employees_id: people[i] })) : [];
  });
  if (deptValues.length) await tx.insert(departmentMembers).values(deptValues);
  const divValues = [
    ...[3, 5, 6, 7, 9].map((i) => ['Commercial', i] as const),
    ...[4, 11, 12, 13].map((i) => ['Civil', i] as const),
  ].flatMap(([name, i]) => {
    const id = div(name);
    return id && people[i] ? [{ tenant_uuid, divisions_id: id, employees_id: people[i] }] : [];
  });
  if (divValues.length) await tx.insert(divisionMembers).values(divValues);

  const author = people[0];
  const fieldId = dept('Field Operations');
  const rows = await tx
    .insert(announcements)
    .values([
      {
        tenant_uuid,
        title: 'Welcome to Groundwork',
        body: '<p>Time cards, schedules, tools and receipts now live in one app. Questions? Ask Dana in the office.</p>',
        start_date: addDays(today, -20),
        exp_date: addDays(today, 40),
        employee_id: author,
        is_default: true,
        audience: 'everyone' as const,
      },
      {
        tenant_uuid,
        title: 'New PPE policy: sign by Friday',
        body: '<p>Cut-resistant gloves and safety glasses are required on every site from Monday. Read the policy and acknowledge it here.</p>',
        start_date: addDays(today, -2),
        exp_date: addDays(today, 12),
        employee_id: people[10] ?? author,
        requires_ack: true,
        audience: fieldId ? ('departments' as const) : ('everyone' as const),
        audience_ids: fieldId ? [fieldId] : [],
      },
      {
        tenant_uuid,
        title: 'Crane lift on Main Street Thursday at 7',
        body: '<p>Keep the north lot clear from 6:30. Foremen: brief your crews at the morning huddle.</p>',
        start_date: addDays(today, -1),
        exp_date: addDays(today, 3),
        employee_id: people[3] ?? author,
        audience: 'everyone' as const,
      },
      {
        tenant_uuid,
        title: 'Holiday schedule',
        body: '<p>The office closes for the holidays; field schedules follow each job.</p>',
        start_date: addDays(today, 10),
        exp_date: addDays(today, 30),
        employee_id: author,
        audience: 'everyone' as const,
      },
      {
        tenant_uuid,
        title: 'Quarterly insurance paperwork',
        body: '<p>Accounting will e-mail the forms.</p>',
        start_date: addDays(today, -5),
        exp_date: addDays(today, 20),
        employee_id: people[2] ?? author,
        on_app: false,
        audience: 'everyone' as const,
      },
      {
        tenant_uuid,
        title: 'Winter safety stand-down',
        body: '<p>Slips, trips and cold stress: the stand-down is done, thank you all.</p>',
        start_date: addDays(today, -60),
        exp_date: addDays(today, -30),
        employee_id: people[10] ?? author,
        status: 0,
        audience: 'everyone' as const,
      },
    ])
    .returning({ id: announcements.id, title: announcements.title });
  const [welcome, ppe, crane] = rows;
  // A few have seen and acknowledged the PPE policy; most have seen the welcome.
  await tx.insert(announcementReceipts).values([
    ...[3, 5, 7].map((i) => ({
      tenant_uuid,
      announcements_id: ppe.id,
      employees_id: people[i],
      acked_on: sql`now() - interval '1 day'`,
    })),
    ...[4, 9].map((i) => ({ tenant_uuid, announcements_id: ppe.id, employees_id: people[i] })),
    ...[0, 1, 2, 3, 4, 5, 7, 8, 10].map((i) => ({ tenant_uuid, announcements_id: welcome.id, employees_id: people[i] })),
  ]);

  // A week of notifications for everyone: older ones read. Each is stored as its text's key and values, as the
  // server's own notices are, so every reader sees it in their language (issue 46).
  type N = { kind: NotificationKind; text: TextRef; ref_id: number | null; days: number };
  const week: N[] = [
    { kind: 'announcement', text: textRef('notification.announcement', { title: crane.title }), ref_id: crane.id, days: 1 },
    {
      kind: 'schedule_changed',
      text: textRef('notification.schedule_changed_days', { from: { date: addDays(today, 5) }, to: { date: addDays(today, 9) } }),
      ref_id: null,
      days: 2,
    },
    {
      kind: 'task_assigned',
      text: textRef('notification.task_assigned', { task: 'Check the formwork on the east wall' }),
      ref_id: null,
      days: 3,
    },
    { kind: 'reservation_due', text: textRef('notification.reservation_due', { tool: 'Hilti TE 70' }), ref_id: null, days: 4 },
    {
      kind: 'timecard_to_sign',
      text: textRef('notification.timecard_to_sign', { start: { date: addDays(today, -13) }, end: { date: addDays(today, -7) } }),
      ref_id: null,
      days: 6,
    },
  ];
  const inbox = people.flatMap((employees_id) =>
    week.map((n) => ({
      tenant_uuid,
      employees_id,
      kind: n.kind,
      title: renderRef('en', n.text) ?? '',
      text_key: n.text.key,
      text_values: n.text.values,
      link: notificationLink(n.kind, n.ref_id),
      ref_id: n.ref_id,
      created_on: sql`now() - make_interval(days => ${n.days})`,
      updated_on: sql`now() - make_interval(days => ${n.days})`,
      read_at: n.days > 3 ? sql`now() - make_interval(days => ${n.days - 1})` : null,
    })),
  );
  await tx.insert(notifications).values(inbox as never);
  const ppeNotice = field
    .filter((i) => people[i])
    .map((i) => ({
      tenant_uuid,
      employees_id: people[i],
      kind: 'announcement',
      title: ppe.title,
      text_key: 'notification.announcement',
      text_values: { title: ppe.title },
      link: `/modules/announcements?id=${ppe.id}`,
      ref_id: ppe.id,
    }));
  if (ppeNotice.length) {
    await tx
      .insert(notifications)
      .values(
        ppeNotice.map((n) => ({ ...n, created_on: sql`now() - interval '2 days'`, updated_on: sql`now() - interval '2 days'` })) as never,
      );
  }

  // The sweeps already told the crane announcement (so a restart does not tell it again).
  await tx.insert(noticeKeys).values({ tenant_uuid, key: `announcement:${crane.id}` });
  // The foreman keeps his evenings quiet and wants an e-mail when a time card waits for him.
  if (people[3]) {
    await tx.insert(notificationSettings).values({
      tenant_uuid,
      employees_id: people[3],
      push_off: ['task_comment'],
      email_on: ['timecard_to_sign'],
      quiet_start: '21:00',
      quiet_end: '05:30',
      time_zone: 'America/Chicago',
    });
  }

  // One device of the foreman's registered for push (a '.invalid' endpoint: the sender skips it, nothing leaves).
  if (people[3]) {
    await tx.insert(pushSubscriptions).values({
      tenant_uuid,
      employees_id: people[3],
      endpoint: 'https://push.example.invalid/demo-device',
      p256dh: 'BDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemoDemo',
      auth: 'demo-auth-secret',
      user_agent: 'Demo phone',
    });
  }

  // A month of check-ins up to yesterday: most people most days, a deterministic spread of moods.
  const answers = [];
  for (let d = 30; d >= 1; d--) {
    const day = addDays(today, -d);
    for (const [i, employees_id] of people.entries()) {
      if ((i * 7 + d) % 5 === 0) continue;
      answers.push({
        tenant_uuid,
        employees_id,
        mood_date: day,
        mood: 1 + ((i * 3 + d * 2) % 5 === 0 ? 1 : 2 + ((i + d) % 4)),
        hurt: d === 12 && i === 7,
      });
    }
  }
  if (answers.length) await tx.insert(moods).values(answers.map((a) => ({ ...a, mood: Math.min(5, a.mood) })));
  // Nothing for today: the check-in is offered to everyone on their first open.
}
