import type { ChatLanguage } from '@groundwork/core/chatbot';
import { type Intent, type PreviousContext, type Understood, understand } from '@groundwork/core/chatbot-understand';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { weekOf } from './chatbot.lookups.js';
import { type Names, namesOf } from './chatbot.names.js';
import { type ChatChoice, type ChatContext, type ChatSource, chatMessages } from './chatbot.table.js';
import { runTool, type ToolContext, toolsFor } from './chatbot.tools.js';
import { say } from './chatbot.words.js';

/**
 * The two ways an answer is made (issue 22), over the same tools. Without a model configured, the built-in
 * engine (issue 48) reads the question's intent and slots (chatbot-understand.ts in core: the job, person, tool,
 * day or period it names, with typos, Spanish and follow-ups), runs one tool, and answers with that tool's
 * sentence; when it is unsure what was meant it asks back with two or three likely readings (`choices`), and it
 * keeps what the answer was about (`context`) for the next question's follow-up. With a model configured
 * (chatbot.model.ts) the model is offered only the tools the asker's permissions reach; the sources shown beside an
 * answer are always the tools' own rows, never the model's text.
 */

export type Answer = {
  text: string;
  engine: 'builtin' | 'model';
  sources: ChatSource[];
  toolCalls: { tool: string; input: unknown; rows: number; refused?: boolean }[];
  /** Ask-back buttons (issue 48): when unsure, two or three likely readings; tapping one asks `question`. */
  choices: ChatChoice[];
  /** What the answer was about, kept on the message so a follow-up can reuse it (built-in engine). */
  context?: ChatContext | null;
};

type Call = { tool: string; input: Record<string, unknown> };
type Plan = { call: Call } | { text: string; choices: ChatChoice[] } | { help: true };

/** A follow-up reuses the previous answer's subject while the conversation is fresh. */
const FOLLOW_UP_MINUTES = 120;

async function previousContext(ctx: ToolContext): Promise<PreviousContext | null> {
  const [last] = await ctx.tx
    .select({ context: chatMessages.context })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tenant_uuid, ctx.member.tenantUuid),
        eq(chatMessages.employees_id, ctx.member.employeeId),
        eq(chatMessages.role, 'assistant'),
        isNull(chatMessages.cleared_on),
        gte(chatMessages.created_on, sql`now() - make_interval(mins => ${FOLLOW_UP_MINUTES})`),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return last?.context ?? null;
}

export async function builtinAnswer(ctx: ToolContext, question: string): Promise<Answer> {
  const names = await namesOf(ctx.tx, ctx.member.tenantUuid);
  const previous = await previousContext(ctx);
  const u = understand(question, ctx.today, ctx.language, names.index, previous);
  const lang = u.language;
  const c = { ...ctx, language: lang };
  const offered = new Set(toolsFor(ctx.member).map((t) => t.name));
  const plan = planFor(u, names, c, offered);
  const base = { engine: 'builtin' as const, sources: [], toolCalls: [] };
  if ('help' in plan) return { ...base, text: say(lang, 'help'), choices: [] };
  if ('choices' in plan)
    return {
      ...base,
      text: plan.text,
      choices: plan.choices,
      // The subject asked back about, so "budget" or "his phone" next is about it.
      context:
        u.slots.jobs.length === 1 || u.slots.people.length === 1
          ? { intent: 'choices', job: u.slots.jobs[0] ?? null, person: u.slots.people[0] ?? null }
          : null,
    };
  const { call } = plan;
  const result = await runTool(c, call.tool, call.input);
  return {
    text: result.text,
    engine: 'builtin',
    sources: result.source ? [result.source] : [],
    toolCalls: [{ tool: call.tool, input: call.input, rows: result.rows, ...(result.refused ? { refused: true } : {}) }],
    choices: [],
    context: contextOf(u, names, call),
  };
}

/** What the answer was about, for the next question (ids, so a renamed record is still found). */
function contextOf(u: Understood, names: Names, call: Call): ChatContext {
  const s = u.slots;
  const input = call.input;
  const job = s.jobs[0] ?? null;
  const person = s.people[0] ?? null;
  return {
    intent: u.intent ?? 'help',
    job: input.job || input.everyone ? job : null,
    person: input.person || input.foreman ? person : null,
    tool: typeof input.tool === 'string' ? input.tool : null,
    container: input.container ? (s.containers[0] ?? null) : null,
    vendor: input.vendor && names.vendors.some((v) => v.name === input.vendor) ? (s.vendors[0] ?? null) : null,
    date: typeof input.date === 'string' && (!input.to || input.to === input.date) ? input.date : null,
    from: typeof input.from === 'string' ? input.from : typeof input.to === 'string' ? (input.date as string) : null,
    to: typeof input.to === 'string' ? input.to : null,
    self: s.self,
    crew: s.crew,
    overdue: s.overdue,
  };
}

const OVER_BUDGET = /\b(over budget|over the budget|over their budget|sobre (el )?presupuesto|excedid[oa]s?|pasad[oa]s? de presupuesto)\b/;
const WHO = /\b(who|quien|quienes)\b/;
/** The asker's own jobs ("my jobs", "jobs I run", "mis obras"), not "show me the jobs". */
const MY_JOBS =
  /\b(my jobs|jobs (am )?i (run|running|have|lead|manage)|i am running|i run|do i run|mine|mis obras|obras que (dirijo|llevo|tengo)|que dirijo)\b/;
/** "total hours last week", "cuantas horas en total": everyone's, not the asker's. */
const TOTAL = /\b(total|in total|en total|in all|altogether|combined|overall)\b/;
/** "my schedule" without a day is the week's; "where am I working" without one is today's. */
const WEEKLY = /\b(schedule|sched|horario|calendario|agenda)\b/;

function planFor(u: Understood, names: Names, ctx: ToolContext, offered: Set<string>): Plan {
  const s = u.slots;
  const lang = u.language;
  const today = ctx.today;
  const job = s.jobs.length ? (names.jobs.find((j) => j.id === s.jobs[0]) ?? null) : null;
  const person = s.people.length ? (names.people.find((p) => p.id === s.people[0]) ?? null) : null;
  const container = s.containers.length ? names.containers.find((x) => x.id === s.containers[0]) : null;
  const vendor = s.vendors.length ? names.vendors.find((v) => v.id === s.vendors[0]) : null;
  const day = s.day ?? today;
  const span = s.period ?? (s.day ? { from: s.day, to: s.day } : weekOf(today));
  const weekly = u.intent === 'schedule' && !s.day && !s.period && WEEKLY.test(u.text) && !WHO.test(u.text);
  const when = s.period ? { date: s.period.from, to: s.period.to } : weekly ? { date: span.from, to: span.to } : { date: day };
  const call = (tool: string, input: Record<string, unknown>): Plan => ({ call: { tool, input } });
  const ask = new Asker(u, names, offered, lang);

  // Two jobs (or people) named alike: which one?
  const needsJob: Intent[] = ['job', 'budget', 'schedule', 'hours', 'tasks', 'reports', 'receipts', 'orders'];
  if (u.intent && s.jobsAmbiguous && !s.people.length && needsJob.includes(u.intent)) return ask.whichJob(u.intent, s.jobs.slice(0, 3));
  if (u.intent && s.peopleAmbiguous && !s.jobs.length) return ask.whichPerson(u.intent, s.people.slice(0, 3));

  switch (u.intent) {
    case 'help':
      return { help: true };
    case 'jobs':
      if (OVER_BUDGET.test(u.text)) return call('jobs', { over_budget: true });
      if (job && !/\b(jobs|obras)\b/.test(u.text)) return call('job_info', { job: job.job });
      return call('jobs', MY_JOBS.test(u.text) ? { mine: true } : {});
    case 'job':
      if (job) return call('job_info', { job: job.job });
      if (s.self) return call('jobs', { mine: true });
      return ask.whichJob('job', []);
    case 'budget':
      if (job) return call('job_budget', { job: job.job });
      return call('jobs', { over_budget: true });
    case 'contact':
      if (person) return call('directory', { person: person.name });
      if (vendor) return call('vendors', { vendor: vendor.name });
      if (job) return call('job_info', { job: job.job });
      return ask.whichPerson('contact', []);
    case 'person':
      if (person) return call('directory', { person: person.name });
      return call('people', {});
    case 'people':
      if (person) return call('directory', { person: person.name });
      return call('people', {});
    case 'crew':
      return call('crew', {
        ...(person && !s.self ? { foreman: person.name } : {}),
        date: s.day ?? span.from,
        to: s.day ?? span.to,
      });
    case 'schedule': {
      if (job) return call('schedule', { job: job.job, ...when });
      if (person) return call('schedule', { person: person.name, ...when });
      if (s.crew && !s.self) return call('schedule_board', when);
      if (s.crew && s.self && !s.tool) return call('schedule_board', when);
      if (WHO.test(u.text) && !s.self) return call('schedule_board', when);
      if (!s.self && (s.tool || s.toolNumber)) return call('tool_location', { tool: s.toolNumber ?? s.tool });
      if (!s.self && container) return call('container_contents', { container: container.name });
      const rest = whereRest(u.normalized);
      if (rest && !s.self) return call('tool_location', { tool: rest });
      return call('schedule', { person: 'me', ...when });
    }
    case 'board':
      return call('schedule_board', when);
    case 'timeoff':
      if (person) return call('schedule', { person: person.name, ...when });
      return call('schedule_board', { ...(s.period || s.day ? when : { date: span.from, to: span.to }), time_off: true });
    case 'hours': {
      const period = { from: span.from, to: span.to, ...(s.costcode ? { costcode: s.costcode } : {}) };
      if (person) return call('hours', { person: person.name, ...(job ? { job: job.job } : {}), ...period });
      if (s.crew) return call('hours', { crew: true, ...(job ? { job: job.job } : {}), ...period });
      if (job && !s.self) return call('hours', { job: job.job, everyone: true, ...period });
      // "who has the most hours", "everyone's hours": the company's (an admin), the crew's (a foreman).
      if (!s.self && (WHO.test(u.text) || s.all || TOTAL.test(u.text))) return call('hours', { everyone: true, ...period });
      return call('hours', { ...(job ? { job: job.job } : {}), ...period });
    }
    case 'unsigned':
      return call('unsigned_timecards', {});
    case 'tool':
      if (s.toolNumber || s.tool) return call('tool_location', { tool: s.toolNumber ?? s.tool });
      if (container) return call('container_contents', { container: container.name });
      if (whereRest(u.normalized)) return call('tool_location', { tool: whereRest(u.normalized) });
      return ask.unsure();
    case 'container':
      if (container) return call('container_contents', { container: container.name });
      if (s.toolNumber || s.tool) return call('tool_location', { tool: s.toolNumber ?? s.tool });
      return ask.unsure();
    case 'reservations':
      return call('overdue_reservations', {});
    case 'receipts':
      return call('receipts', {
        ...(s.self && !person ? { mine: true } : {}),
        ...(person && !s.self ? { person: person.name } : {}),
        ...(job ? { job: job.job } : {}),
        ...(s.receiptVendor ? { vendor: s.receiptVendor } : {}),
        ...(s.period || s.day ? { from: span.from, to: span.to } : {}),
      });
    case 'orders':
      return call('purchase_orders', {
        ...(s.po ? { po: s.po } : {}),
        ...(job && !s.po ? { job: job.job } : {}),
        ...(vendor && !s.po ? { vendor: vendor.name } : {}),
        ...(s.unsent ? { unsent: true } : {}),
        ...(s.self && !s.po ? { mine: true } : {}),
      });
    case 'vendor':
      return call('vendors', vendor ? { vendor: vendor.name } : {});
    case 'reports':
      return call('daily_reports', {
        ...(job ? { job: job.job } : {}),
        ...(person && !job ? { person: person.name } : {}),
        ...(s.day ? { date: s.day } : s.period ? { from: s.period.from, to: s.period.to } : {}),
        ...(s.self && !job ? { mine: true } : {}),
      });
    case 'tasks':
      return call('open_tasks', { ...(job ? { job: job.job } : {}), ...(s.overdue ? { overdue: true } : {}) });
    case 'announcements':
      return call('announcements', {});
    case 'notifications':
      return call('notifications', {});
    case 'clock':
      if (offered.has('on_the_clock')) return call('on_the_clock', { ...(job ? { job: job.job } : {}) });
      return { text: say(lang, 'noClock'), choices: ask.general() };
    default:
      // No intent: a record named on its own is asked back about; a tool or a container is looked up.
      if (s.toolNumber || (s.tool && !job && !person)) return call('tool_location', { tool: s.toolNumber ?? s.tool });
      if (container && !job && !person) return call('container_contents', { container: container.name });
      if (s.po) return call('purchase_orders', { po: s.po });
      return ask.unsure();
  }
}

/** "where is the plasma cutter" → "plasma cutter": what a where-question asks about when it names no record. */
function whereRest(normalized: string): string | null {
  const m =
    /\b(?:where is|where s|wheres|where are|where did|donde esta|donde estan|donde quedo|find|locate|who has|quien tiene)\s+(?:the |my |our |el |la |los |las |mi |nuestro |nuestra )?(.+?)(?:\s+(?:now|right now|today|ahora|hoy))?$/.exec(
      normalized,
    );
  const rest = m?.[1]?.trim();
  return rest && !/^(i|me|yo|we|everyone|everybody|todos)$/.test(rest) ? rest : null;
}

/**
 * Ask-back buttons: each a full question the engine answers when tapped, in the asker's language, only for tools
 * the asker may use.
 */
class Asker {
  constructor(
    private u: Understood,
    private names: Names,
    private offered: Set<string>,
    private lang: ChatLanguage,
  ) {}

  private q(key: string, subject: string): [string, string] {
    const en: Record<string, [string, string]> = {
      schedule: ['schedule', `Who is on ${subject} today?`],
      job: ['job_info', `Who runs ${subject}?`],
      budget: ['job_budget', `How is the budget on ${subject}?`],
      tasks: ['open_tasks', `Open tasks on ${subject}`],
      hours: ['hours', `How many hours on ${subject} this week?`],
      reports: ['daily_reports', `Daily reports for ${subject} this week`],
      receipts: ['receipts', `Receipts for ${subject}`],
      orders: ['purchase_orders', `Purchase orders for ${subject}`],
      where: ['schedule', `Where is ${subject} working today?`],
      contact: ['directory', `What is ${subject}'s phone number?`],
      personHours: ['hours', `How many hours did ${subject} work this week?`],
    };
    const es: Record<string, [string, string]> = {
      schedule: ['schedule', `¿Quién está en ${subject} hoy?`],
      job: ['job_info', `¿Quién dirige ${subject}?`],
      budget: ['job_budget', `¿Cómo va el presupuesto de ${subject}?`],
      tasks: ['open_tasks', `Tareas abiertas de ${subject}`],
      hours: ['hours', `¿Cuántas horas lleva ${subject} esta semana?`],
      reports: ['daily_reports', `Reportes diarios de ${subject} esta semana`],
      receipts: ['receipts', `Recibos de ${subject}`],
      orders: ['purchase_orders', `Órdenes de compra de ${subject}`],
      where: ['schedule', `¿Dónde trabaja ${subject} hoy?`],
      contact: ['directory', `¿Cuál es el teléfono de ${subject}?`],
      personHours: ['hours', `¿Cuántas horas trabajó ${subject} esta semana?`],
    };
    return (this.lang === 'es' ? es : en)[key];
  }

  private choices(list: [string, string][]): ChatChoice[] {
    const seen = new Set<string>();
    return list
      .filter(([tool, question]) => this.offered.has(tool) && !seen.has(question) && seen.add(question))
      .slice(0, 3)
      .map(([, question]) => ({ label: question, question }));
  }

  private jobName(id: number) {
    const j = this.names.jobs.find((x) => x.id === id);
    return j ? j.job_abbr || j.job : '';
  }

  private personName(id: number) {
    return this.names.people.find((x) => x.id === id)?.name ?? '';
  }

  /** Everyday questions, for a question with nothing to go on. */
  general(): ChatChoice[] {
    const en: [string, string][] = [
      ['schedule', 'Where am I working tomorrow?'],
      ['hours', 'How many hours do I have this week?'],
      ['open_tasks', 'What are my open tasks?'],
      ['announcements', 'Any announcements?'],
    ];
    const es: [string, string][] = [
      ['schedule', '¿Dónde trabajo mañana?'],
      ['hours', '¿Cuántas horas llevo esta semana?'],
      ['open_tasks', '¿Cuáles son mis tareas abiertas?'],
      ['announcements', '¿Hay anuncios?'],
    ];
    return this.choices(this.lang === 'es' ? es : en);
  }

  whichJob(intent: Intent, ids: number[]): Plan {
    const key = ['job', 'budget', 'schedule', 'hours', 'tasks', 'reports', 'receipts', 'orders'].includes(intent) ? intent : 'job';
    const candidates = ids.length
      ? ids
      : this.names.jobs
          .filter((j) => j.status === 1)
          .slice(0, 3)
          .map((j) => j.id);
    const choices = this.choices(candidates.map((id) => this.q(key, this.jobName(id))));
    return { text: say(this.lang, 'whichJob'), choices: choices.length >= 2 ? choices : this.general() };
  }

  whichPerson(intent: Intent, ids: number[]): Plan {
    const key = intent === 'hours' ? 'personHours' : intent === 'schedule' ? 'where' : 'contact';
    const choices = this.choices(ids.map((id) => this.q(key, this.personName(id))));
    return { text: say(this.lang, 'whichPerson'), choices: choices.length >= 2 ? choices : this.general() };
  }

  /** Unsure: the likely readings of what the question names, or everyday questions. */
  unsure(): Plan {
    const s = this.u.slots;
    let list: [string, string][] = [];
    if (s.jobsAmbiguous) return this.whichJob('job', s.jobs.slice(0, 3));
    if (s.jobs.length) {
      const j = this.jobName(s.jobs[0]);
      list = ['schedule', 'job', 'budget', 'tasks'].map((k) => this.q(k, j));
    } else if (s.people.length) {
      const p = this.personName(s.people[0]);
      list = ['where', 'contact', 'personHours'].map((k) => this.q(k, p));
    }
    const choices = this.choices(list);
    if (choices.length >= 2) return { text: say(this.lang, 'notSure'), choices };
    return { text: say(this.lang, 'noSignal'), choices: this.general() };
  }
}
