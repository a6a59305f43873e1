import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { containers, tools } from '../tools/tools.table.js';
import { chatMessages } from './chatbot.table.js';

// The chatbot (issue 22): the built-in parser on 20 fixture questions, permissions living in the tools, the
// conversation, audit, rate limit, other company, module off. The model path: chatbot.model.test.ts.

const t = useTestApp();
const TODAY = '2026-11-24'; // a Tuesday
let tenant: string;
let foreman: TestMember;
let ana: TestMember;
let ben: TestMember;
let admin: TestMember;
let riverside: number;
let oak: number;

const person = (firstname: string, lastname: string, permissions: string[]) =>
  createMember(t.database.db, tenant, { permissions: permissions as never, firstname }).then(async (m) => {
    await withTenant(t.database.db, tenant, (tx) =>
      tx.execute(
        `update employees set lastname = '${lastname}', cellphone = '(555) 010-${m.employeeId}', email = '${firstname.toLowerCase()}@example.com' where id = ${m.employeeId}` as never,
      ),
    );
    return m;
  });

beforeAll(async () => {
  tenant = await createTenant(t.database.db, 'Summit Test');
  const chat = ['chatbot_basic', 'basic_access'];
  foreman = await person('Luis', 'Hernandez', [...chat, 'projects_basic', 'people_basic', 'tool20_basic']);
  ana = await person('Ana', 'Ruiz', chat);
  ben = await person('Ben', 'Miller', chat);
  admin = await createMember(t.database.db, tenant, { isAdmin: true, firstname: 'Maria' });
  await withTenant(t.database.db, tenant, async (tx) => {
    [{ id: riverside }, { id: oak }] = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Riverside Medical', job_abbr: 'RMC' },
        { tenant_uuid: tenant, job: 'Oak Street Lofts', job_abbr: 'OAK' },
      ])
      .returning({ id: jobs.id });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: riverside, employees_id: foreman.employeeId });
    const [concrete, steel] = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-300', description: 'Concrete' },
        { tenant_uuid: tenant, costcode: '05-100', description: 'Steel' },
      ])
      .returning({ id: costcodes.id });
    await tx.insert(jobsCostcodes).values([
      { tenant_uuid: tenant, jobs_id: riverside, costcodes_id: concrete.id, hrsbdg: 100 },
      { tenant_uuid: tenant, jobs_id: riverside, costcodes_id: steel.id, hrsbdg: 50 },
    ]);
    await tx.insert(scheduledLabor).values([
      { tenant_uuid: tenant, jobs_id: riverside, employees_id: ana.employeeId, date: '2026-11-25', confirmation_status: 'confirmed' },
      { tenant_uuid: tenant, jobs_id: riverside, employees_id: ben.employeeId, date: '2026-11-25' },
      { tenant_uuid: tenant, jobs_id: oak, employees_id: ben.employeeId, date: '2026-11-26' },
      { tenant_uuid: tenant, jobs_id: riverside, employees_id: foreman.employeeId, date: '2026-11-24' },
    ]);
    const card = async (m: TestMember) =>
      (
        await tx
          .insert(usersTimecard)
          .values({ tenant_uuid: tenant, employees_id: m.employeeId, payperiod_start_date: '2026-11-23', payperiod_end_date: '2026-12-06' })
          .returning({ id: usersTimecard.id })
      )[0].id;
    const entry = (m: TestMember, card: number, date: string, job: number, code: number, hours: number) => ({
      tenant_uuid: tenant,
      users_timecard_id: card,
      employees_id: m.employeeId,
      timecard_date: date,
      jobs_id: job,
      costcodes_id: code,
      hours,
    });
    const [ca, cb, cf] = [await card(ana), await card(ben), await card(foreman)];
    await tx.insert(timecardEntries).values([
      entry(ana, ca, '2026-11-23', riverside, concrete.id, 8),
      entry(ana, ca, '2026-11-16', riverside, concrete.id, 7), // last week
      entry(ben, cb, '2026-11-24', riverside, steel.id, 6),
      entry(ben, cb, '2026-11-24', oak, concrete.id, 5), // not on the foreman's job
      entry(foreman, cf, '2026-11-24', riverside, concrete.id, 4),
    ]);
    const [mine] = await tx
      .insert(tasks)
      .values({ tenant_uuid: tenant, title: 'Patch the east wall', jobs_id: riverside, due_date: '2026-11-20' })
      .returning({ id: tasks.id });
    await tx.insert(taskAssignees).values({ tenant_uuid: tenant, tasks_id: mine.id, employees_id: ben.employeeId });
    await tx.insert(tasks).values({ tenant_uuid: tenant, title: 'Order rebar caps', jobs_id: riverside, due_date: '2026-11-30' });
    const [truck] = await tx.insert(containers).values({ tenant_uuid: tenant, container_name: 'Truck 3' }).returning({ id: containers.id });
    await tx.insert(tools).values({
      tenant_uuid: tenant,
      tool_number: 'T-0042',
      name: 'Rotary hammer',
      make: 'Hilti',
      model: 'TE 70',
      container_id: truck.id,
      last_log: {
        log_id: 1,
        from_container_id: null,
        to_container_id: truck.id,
        container_name: 'Truck 3',
        employees_id: foreman.employeeId,
        employee_name: 'Luis Hernandez',
        moved_on: '2026-11-20T15:00:00Z',
        note: null,
      },
    });
  });
});

beforeEach(async () => {
  // The rate limit counts questions; each test starts with a clean slate.
  await withTenant(t.database.db, tenant, (tx) => tx.delete(chatMessages));
});

const ASK = `mutation($t: ID!, $q: String!, $l: String, $d: String) { askChatbot(tenant_uuid: $t, question: $q, language: $l, today: $d) {
  question { id role body } answer { id role body engine language sources { tool label link rows { label value link } } } } }`;
const ask = (who: TestMember, q: string, l = 'en', tenantUuid = tenant) => t.gql(ASK, { t: tenantUuid, q, l, d: TODAY }, who.token);
const answer = async (who: TestMember, q: string, l = 'en') => {
  const res = await ask(who, q, l);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data?.askChatbot.answer as {
    body: string;
    engine: string;
    sources: { tool: string; label: string; link: string; rows: { label: string; value: string }[] }[];
  };
};

describe('the built-in parser', () => {
  // 10 English, 10 Spanish: the asker, the question, what the answer must say (and must not).
  const FIXTURES: [() => TestMember, string, RegExp, RegExp?][] = [
    [() => foreman, 'Who is scheduled on Riverside tomorrow?', /Riverside Medical.*Ana Ruiz, Ben Miller/],
    [() => foreman, "who's on RMC on 2026-11-25", /Ana Ruiz, Ben Miller/],
    [() => ben, 'Where am I working on Thursday?', /you are scheduled on OAK · Oak Street Lofts/i],
    [() => foreman, 'How many hours did my crew book this week?', /Your crew booked 18 h \(3 people\)/],
    [() => foreman, 'How many hours did my crew book to 03-300 this week?', /12 h to 03-300/],
    [() => ana, 'How many hours do I have this week?', /You booked 8 h/],
    [() => ana, 'How many hours did I work last week?', /You booked 7 h/],
    [() => foreman, 'What is the budget on Riverside Medical?', /25 h booked of 150 budgeted hours \(17% used\)/],
    [() => ben, 'What are my open tasks?', /You have 1 open task \(1 overdue\): Patch the east wall\./],
    [() => foreman, "What is Ana Ruiz's phone number?", /Ana Ruiz: phone \(555\) 010-\d+, e-mail ana@example.com/],
    [() => foreman, '¿Quién está programado en Riverside mañana?', /Programados en RMC · Riverside Medical.*Ana Ruiz, Ben Miller/],
    [() => ben, '¿Dónde trabajo el jueves?', /usted está programado en OAK · Oak Street Lofts/],
    [() => ana, '¿Cuántas horas llevo esta semana?', /Lleva 8 h/],
    [() => ana, '¿Cuántas horas trabajé la semana pasada?', /Lleva 7 h/],
    [() => foreman, '¿Cuántas horas lleva mi cuadrilla esta semana?', /Su cuadrilla lleva 18 h \(3 personas\)/],
    [() => foreman, '¿Cuántas horas lleva mi cuadrilla en 05-100 esta semana?', /6 h en 05-100/],
    [() => foreman, '¿Cómo va el presupuesto de Riverside?', /25 h registradas de 150 h presupuestadas \(17% usado\)/],
    [() => ben, '¿Cuáles son mis tareas pendientes?', /Tiene 1 tarea abierta \(1 vencidas\): Patch the east wall\./],
    [() => foreman, '¿Cuál es el teléfono de Ben Miller?', /Ben Miller: teléfono \(555\) 010-\d+/],
    [() => ana, '¿Qué puedes hacer?', /Respondo con los registros de la empresa/],
  ];
  it.each(FIXTURES.map((f, i) => [i + 1, ...f] as const))('answers fixture %i: %s', async (_i, who, q, must, mustNot) => {
    const a = await answer(who(), q);
    expect(a.engine).toBe('builtin');
    expect(a.body).toMatch(must);
    if (mustNot) expect(a.body).not.toMatch(mustNot);
  });

  it('shows the rows an answer came from, with links to the records', async () => {
    const a = await answer(foreman, 'Who is scheduled on Riverside tomorrow?');
    expect(a.sources).toEqual([
      {
        tool: 'schedule',
        label: 'from the schedule, Nov 25',
        link: '/modules/scheduled',
        rows: [
          { label: 'Ana Ruiz', value: 'confirmed', link: `/modules/people?id=${ana.employeeId}` },
          { label: 'Ben Miller', value: 'not confirmed yet', link: `/modules/people?id=${ben.employeeId}` },
        ],
      },
    ]);
  });

  it('refuses, without data, what the asker could not open themselves', async () => {
    const hours = await answer(ana, 'How many hours did Ben Miller book this week?');
    expect(hours.body).toBe('You can only see your own hours (and your crew’s on the jobs you run).');
    expect(hours.sources).toEqual([]);
    const crew = await answer(ana, 'Who is on Riverside tomorrow?');
    expect(crew.body).toMatch(/I can show the crew of the jobs you run/);
    expect(crew.body).not.toMatch(/Ben/);
    // A foreman sees a crew member's hours only on the jobs they run: Ben's 5 h on Oak Street are left out.
    const benHours = await answer(foreman, 'How many hours did Ben Miller book this week?');
    expect(benHours.body).toBe('Ben Miller booked 6 h, Nov 23–29.');
    // No directory permission: no phone numbers.
    const phone = await answer(ana, "What is Ben Miller's phone number?");
    expect(phone.body).toBe('I cannot look that up for you: your permissions do not include it.');
    expect(phone.sources).toEqual([]);
    // Every question and answer is kept for the audit, with the refused tool call.
    const audit = await t.gql(
      `query($t: ID!, $e: Int) { listChatAudit(tenant_uuid: $t, employees_id: $e) { items { role body tool_calls { tool rows refused } } } }`,
      { t: tenant, e: ana.employeeId },
      admin.token,
    );
    const calls = audit.data?.listChatAudit.items.flatMap((m: { tool_calls: unknown[] }) => m.tool_calls);
    expect(calls).toContainEqual({ tool: 'hours', rows: 0, refused: true });
  });

  it('finds where a tool is, for people who may see tools', async () => {
    expect((await answer(foreman, 'Where is the Hilti TE 70?')).body).toBe(
      'T-0042 Rotary hammer is in Truck 3. Luis Hernandez moved it there on Nov 20.',
    );
    expect((await answer(foreman, '¿Dónde está el Hilti TE 70?')).body).toBe(
      'T-0042 Rotary hammer está en Truck 3. Luis Hernandez la movió allí el 20 nov.',
    );
    expect((await answer(foreman, 'Where is the plasma cutter?')).body).toBe('I could not find a tool matching "plasma cutter".');
    expect((await answer(ana, 'Where is the Hilti TE 70?')).body).toBe(
      'I cannot look that up for you: your permissions do not include it.',
    );
  });

  it('says what it understands when it does not understand', async () => {
    const a = await answer(ana, 'Sing me a song about cranes');
    expect(a.body).toMatch(/I answer from the company’s own records/);
  });
});

describe('the conversation', () => {
  it('is the person’s own, newest first, cleared on request and kept for admins only', async () => {
    await answer(ana, 'How many hours do I have this week?');
    await answer(ben, 'What are my open tasks?');
    const LIST = `query($t: ID!) { listChatMessages(tenant_uuid: $t) { items { role body employees_id } nextToken } }`;
    const mine = (await t.gql(LIST, { t: tenant }, ana.token)).data?.listChatMessages.items;
    expect(mine.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user']);
    expect(mine.every((m: { employees_id: number }) => m.employees_id === ana.employeeId)).toBe(true);
    const cleared = await t.gql(`mutation($t: ID!) { clearChatConversation(tenant_uuid: $t) }`, { t: tenant }, ana.token);
    expect(cleared.data?.clearChatConversation).toBe(2);
    expect((await t.gql(LIST, { t: tenant }, ana.token)).data?.listChatMessages.items).toEqual([]);
    const AUDIT = `query($t: ID!) { listChatAudit(tenant_uuid: $t) { items { employee_name body cleared_on } } }`;
    expect((await t.gql(AUDIT, { t: tenant }, ana.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const audit = (await t.gql(AUDIT, { t: tenant }, admin.token)).data?.listChatAudit.items;
    expect(audit.filter((m: { cleared_on: string | null }) => m.cleared_on !== null)).toHaveLength(2);
  });

  it('refuses bad input with a clear message and limits each person’s pace', async () => {
    expect((await ask(ana, '   ')).errors?.[0]).toMatchObject({ message: 'Type a question.', extensions: { code: 'VALIDATION' } });
    expect((await ask(ana, 'x'.repeat(501))).errors?.[0].message).toBe('A question can be at most 500 characters.');
    expect((await t.gql(ASK, { t: tenant, q: 'hi', d: 'yesterday' }, ana.token)).errors?.[0].extensions?.code).toBe('VALIDATION');
    for (let i = 0; i < 20; i++) expect((await ask(ben, 'What are my open tasks?')).errors).toBeUndefined();
    const limited = await ask(ben, 'What are my open tasks?');
    expect(limited.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await ask(ana, 'What are my open tasks?')).errors).toBeUndefined();
  });

  it('is not reachable from another company, without chatbot_basic, or with the module off', async () => {
    const other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
    expect((await ask(other, 'What are my open tasks?', 'en', tenant)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const plain = await createMember(t.database.db, tenant, { permissions: ['basic_access'] });
    expect((await ask(plain, 'What are my open tasks?')).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const off = await createTenant(t.database.db);
    const offAdmin = await createMember(t.database.db, off, { isAdmin: true });
    await withTenant(t.database.db, off, (tx) => tx.insert(tenantsModules).values({ tenant_uuid: off, modules_id: 12, status: 0 }));
    expect((await ask(offAdmin, 'What are my open tasks?', 'en', off)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
