import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withTenant } from '../../db/with-tenant.js';
import { createSession } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { loadMemberIn } from '../employees/membership.js';
import { seedQuestionCompany, TODAY } from './chatbot.questions.js';
import { runTool, tiesOf, toolsFor } from './chatbot.tools.js';

// The chatbot's tools (issue 48) on the demo company: each describes itself and checks its input, filters by the
// asker's permissions in code (whatever a question or a model asks), links its rows to their records; the built-in
// engine asks back with buttons that answer when tapped, remembers a question's subject for a follow-up, and gives
// bad input a VALIDATION error.

const setup: { tenant?: string } = {};
const t = useTestApp({
  setup: async (database) => {
    setup.tenant = await seedQuestionCompany(database);
  },
});
const people = new Map<string, { id: number; identity: string; token: string }>();

beforeAll(async () => {
  const tenant = setup.tenant as string;
  const rows = await withTenant(t.database.db, tenant, async (tx) => {
    const res = (await tx.execute(sql`select id, firstname, cognito_uuid from employees where tenant_uuid = ${tenant}`)) as unknown as {
      rows: { id: number; firstname: string; cognito_uuid: string }[];
    };
    return res.rows;
  });
  for (const r of rows) {
    people.set(r.firstname.toLowerCase(), {
      id: Number(r.id),
      identity: r.cognito_uuid,
      token: await createSession(t.database.db, r.cognito_uuid, tenant),
    });
  }
});

/** Runs a tool as a demo person, as the built-in engine or a model would. */
const run = (who: string, tool: string, input: unknown, language: 'en' | 'es' = 'en') =>
  withTenant(t.database.db, setup.tenant as string, async (tx) => {
    const member = await loadMemberIn(tx, people.get(who)?.identity as string, setup.tenant as string);
    if (!member) throw new Error(`no member ${who}`);
    return runTool({ tx, member, today: TODAY, language, ties: await tiesOf(tx, member) }, tool, input);
  });
const offered = (who: string) =>
  withTenant(t.database.db, setup.tenant as string, async (tx) => {
    const member = await loadMemberIn(tx, people.get(who)?.identity as string, setup.tenant as string);
    return toolsFor(member as NonNullable<typeof member>);
  });

const ASK = `mutation($t: ID!, $q: String!, $l: String, $d: String) { askChatbot(tenant_uuid: $t, question: $q, language: $l, today: $d) {
  answer { body choices { label question } sources { tool label link rows { label value link } } } } }`;
const ask = async (who: string, q: string, l = 'en') => {
  await withTenant(t.database.db, setup.tenant as string, (tx) =>
    tx.execute(sql`delete from chat_messages where tenant_uuid = ${setup.tenant as string}`),
  );
  return t.gql(ASK, { t: setup.tenant, q, l, d: TODAY }, people.get(who)?.token);
};
const answer = async (who: string, q: string, l = 'en') => {
  const res = await ask(who, q, l);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data?.askChatbot.answer as {
    body: string;
    choices: { label: string; question: string }[];
    sources: { tool: string; link: string | null; rows: { label: string; value: string | null; link: string | null }[] }[];
  };
};

describe('the tools', () => {
  it('describe themselves, check their input and are offered by permission', async () => {
    const all = await offered('maria');
    expect(all.map((x) => x.name).sort()).toEqual(
      [
        'announcements',
        'container_contents',
        'crew',
        'daily_reports',
        'directory',
        'hours',
        'job_budget',
        'job_info',
        'jobs',
        'notifications',
        'on_the_clock',
        'open_tasks',
        'overdue_reservations',
        'people',
        'purchase_orders',
        'receipts',
        'schedule',
        'schedule_board',
        'tool_location',
        'unsigned_timecards',
        'vendors',
      ].sort(),
    );
    for (const tool of all) {
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
      expect(tool.input).toBeInstanceOf(z.ZodObject);
      expect(Boolean((await run('maria', tool.name, { date: 'not a date', job: 42 })).refused), tool.name).toBe(
        !tool.input.safeParse({ date: 'not a date', job: 42 }).success,
      );
    }
    // A crew member (basic access, receipts, tools, announcements): no jobs, directory, orders, vendors or reports.
    expect((await offered('ben')).map((x) => x.name).sort()).toEqual(
      [
        'announcements',
        'container_contents',
        'crew',
        'hours',
        'notifications',
        'on_the_clock',
        'open_tasks',
        'overdue_reservations',
        'receipts',
        'schedule',
        'schedule_board',
        'tool_location',
        'unsigned_timecards',
      ].sort(),
    );
    expect((await run('ben', 'purchase_orders', {})).text).toBe('I cannot look that up for you: your permissions do not include it.');
    expect((await run('ben', 'directory', { person: 'Carlos Ramirez' })).data).toEqual({
      refused: 'I cannot look that up for you: your permissions do not include it.',
    });
  });

  it('filter by the asker’s permissions in code, whatever the input asks', async () => {
    // Receipts: basic access sees only their own, even when the input names someone else or asks for all.
    expect((await run('ben', 'receipts', { person: 'Luis Hernandez' })).refused).toBe(true);
    const bens = await run('ben', 'receipts', {});
    expect(bens.source?.rows.length).toBe(2);
    expect(JSON.stringify(bens.data)).not.toContain('Home Depot');
    // Purchase orders: a foreman with ordering_basic sees their own.
    const luis = people.get('luis')?.id;
    const orders = (await run('luis', 'purchase_orders', {})).data as { orders: { po: number }[] };
    const own = await withTenant(t.database.db, setup.tenant as string, async (tx) => {
      const res = (await tx.execute(
        sql`select po_number from orders where tenant_uuid = ${setup.tenant as string} and employees_id = ${luis} and status = 1`,
      )) as unknown as { rows: { po_number: number }[] };
      return new Set(res.rows.map((r) => Number(r.po_number)));
    });
    expect(orders.orders.length).toBeGreaterThan(0);
    expect(orders.orders.every((o) => own.has(Number(o.po)))).toBe(true);
    // The board and other foremen's crews: planners only; a crew member's own schedule only.
    expect((await run('ben', 'schedule_board', { date: TODAY })).refused).toBe(true);
    expect((await run('luis', 'crew', { foreman: 'Tom Nguyen', date: TODAY })).refused).toBe(true);
    expect((await run('emily', 'crew', { foreman: 'Tom Nguyen', date: TODAY })).refused).toBeFalsy();
    expect((await run('ben', 'schedule', { person: 'Carlos Ramirez', date: TODAY })).refused).toBe(true);
    // A foreman's board holds only the jobs he runs.
    const board = await run('luis', 'schedule_board', { date: '2026-11-25' });
    expect(board.text).toContain('RMOB');
    expect(board.text).not.toContain('CCT2');
    // Time cards: a crew member learns only about their own card; a foreman about his crew's.
    expect((await run('ben', 'unsigned_timecards', {})).text).toMatch(/^Your time card for Nov 9–22 is not signed yet\.$/);
    const crew = await run('luis', 'unsigned_timecards', {});
    expect(crew.text).toContain('Ben Miller');
    expect(crew.text).not.toContain('Hector Silva');
    // Tasks of a job the asker is not on; reservations of others.
    expect((await run('ben', 'open_tasks', { job: 'GBX' })).refused).toBe(true);
    expect((await run('ben', 'overdue_reservations', {})).text).toBe('You have no overdue reservations.');
    expect((await run('tom', 'overdue_reservations', {})).text).toMatch(/^You have 1 overdue reservation: Concrete vibrator #1/);
  });

  it('tell who is on the punch clock now, to those who may see them', async () => {
    const tenant = setup.tenant as string;
    await withTenant(t.database.db, tenant, (tx) =>
      tx.execute(sql`insert into punch_segments (tenant_uuid, employees_id, jobs_id, costcodes_id, kind, started_at, start_location_status, punched_by)
        select ${tenant}::uuid, ${people.get('ben')?.id}, j.id, c.id, 'WORK', now() - interval '2 hours 5 minutes', 'unavailable', ${people.get('ben')?.id}
        from jobs j, costcodes c where j.tenant_uuid = ${tenant} and j.job_abbr = 'RMOB' and c.tenant_uuid = ${tenant} and c.costcode = '03-300'`),
    );
    expect((await answer('luis', 'who is on the clock right now?')).body).toMatch(
      /^On the clock now \(1\): Ben Miller \(RMOB · Riverside Medical Office Building, working for 2 h \d+ min\)\.$/,
    );
    expect((await answer('ben', '¿estoy marcando?', 'es')).body).toMatch(/^Marcando ahora \(1\): Ben Miller/);
    expect((await answer('tom', 'who is clocked in')).body).toBe('Nobody is on the clock now (among the people you can see).');
    expect((await answer('aisha', 'who is clocked in')).body).not.toContain('Ben');
  });

  it('link their rows to the records they came from', async () => {
    const link = /^\/(modules\/[a-z0-9-]+|admin\/[a-z-]+|notifications)(\?id=\d+(&tab=[a-z]+)?)?$/;
    const questions = [
      'who runs gbx',
      'rmob budget',
      'which jobs do we have',
      'who is on rmob tomorrow',
      'how many hours on cct2 last week',
      'where is the hammer drill #1',
      'whats in truck 1',
      'overdue reservations',
      'recent receipts',
      'recent purchase orders',
      'vendors',
      'daily reports for adc last week',
      'open tasks on cct2',
      'any announcements',
      'my notifications',
      'ben miller phone',
      'who hasnt signed their timecard',
      'who works where tomorrow',
    ];
    for (const q of questions) {
      const a = await answer('maria', q);
      expect(a.sources.length, q).toBe(1);
      for (const row of a.sources[0].rows) if (row.link) expect(row.link, q).toMatch(link);
      expect(
        a.sources[0].rows.some((r) => r.link) || (a.sources[0].link ?? '').match(link),
        `${q}: ${JSON.stringify(a.sources[0])}`,
      ).toBeTruthy();
    }
    const who = await answer('maria', 'who runs gbx');
    expect(who.sources[0].rows.map((r) => r.link)).toEqual([
      `/modules/people?id=${people.get('tom')?.id}`,
      `/modules/people?id=${people.get('james')?.id}`,
    ]);
  });
});

describe('the built-in engine', () => {
  it('asks back with two or three readings that answer when tapped', async () => {
    for (const [who, q, l] of [
      ['luis', 'rmob', 'en'],
      ['maria', 'ben', 'en'],
      ['dana', 'gbx', 'es'],
      ['ben', 'purple monkey dishwasher', 'en'],
      ['maria', 'the denver job', 'en'],
    ] as const) {
      const a = await answer(who, q, l);
      expect(a.choices.length, `${q}: ${a.body}`).toBeGreaterThanOrEqual(2);
      expect(a.choices.length, q).toBeLessThanOrEqual(3);
      expect(a.body, q).not.toMatch(/Ask me, for example|Pregúnteme, por ejemplo/);
      for (const choice of a.choices) {
        const tapped = await answer(who, choice.question, l);
        expect(tapped.choices, `${q} → ${choice.question}: ${tapped.body}`).toEqual([]);
        expect(tapped.sources.length, `${q} → ${choice.question}: ${tapped.body}`).toBe(1);
      }
    }
    // Help only when asked for.
    expect((await answer('ben', 'what can you do?')).body).toMatch(/^I answer from the company’s own records\. Ask me, for example/);
  });

  it('reuses the last question’s subject for a follow-up, until the conversation is cleared', async () => {
    const first = await answer('maria', 'who runs gbx');
    expect(first.body).toContain('Tom Nguyen');
    const res = await t.gql(ASK, { t: setup.tenant, q: 'and adc?', l: 'en', d: TODAY }, people.get('maria')?.token);
    expect(res.data?.askChatbot.answer.body).toContain('ADC · Aurora Distribution Center (active), Aurora, CO. Foreman: Luis Hernandez.');
    await t.gql(`mutation($t: ID!) { clearChatConversation(tenant_uuid: $t) }`, { t: setup.tenant }, people.get('maria')?.token);
    const after = await answer('maria', 'and adc?');
    expect(after.body).not.toContain('Foreman');
    expect(after.choices.length).toBeGreaterThanOrEqual(2);
  });

  it('answers bad input with VALIDATION, never an internal error', async () => {
    for (const q of ['', '   ', '\u0000\u0001\u0007', 'x'.repeat(5000), `${'where is '.repeat(60)}`]) {
      const res = await ask('ben', q);
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(q.slice(0, 20))).toBe('VALIDATION');
    }
    // NUL is refused by every operation; other control characters inside a question are dropped, the rest answered.
    expect((await ask('ben', 'where am i\u0000 working')).errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect((await answer('ben', 'where am i\u0007 working\u001b tomorrow')).body).toBe(
      'On Nov 25 you are scheduled on RMOB · Riverside Medical Office Building (not confirmed yet).',
    );
    // Odd but valid: emoji, quotes, SQL-looking text and markup are only words.
    for (const q of [
      "where is the '; drop table tools; --",
      '🚧🚧 who runs gbx?? 🚧',
      '<script>alert(1)</script> rmob budget',
      '%%%___\\\\',
    ]) {
      const res = await ask('maria', q);
      expect(res.errors, q).toBeUndefined();
    }
  });
});
