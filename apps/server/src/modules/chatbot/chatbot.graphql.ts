import { CHAT_LIMITS, type ChatLanguage } from '@groundwork/core/chatbot';
import { msg } from '@groundwork/core/messages';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import type { ArgBuilder } from '@pothos/core';
import { and, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import { builder, type Types } from '../../graphql/builder.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery, tenantStepMutation, tenantStepSubscription } from '../../graphql/gate.js';
import { pageRef } from '../../graphql/paging.js';
import { employees } from '../employees/employees.table.js';
import { ownRows } from '../employees/membership.js';
import { type AskEvent, ask, askStream } from './chatbot.ask.js';
import { type ChatChoice, type ChatSource, chatMessages } from './chatbot.table.js';
import { tiesOf, toolsFor } from './chatbot.tools.js';
import { say } from './chatbot.words.js';

/**
 * The chatbot (spec §2 /modules/chatbot, §6 chatbot_basic; issue 22): ask a question about the company's own
 * records and get an answer with its sources; the conversation is the person's own, can be cleared, and stays in
 * the audit for admin_access.
 */

const RULE = { area: 'chatbot', action: 'read' } as const;
/** Asking: each step's reads grow with the company (a heavy operation, in the company's lanes; the model's wait is not). */
const ASK_RULE = { ...RULE, heavy: true } as const;

type MessageRow = typeof chatMessages.$inferSelect & { employee_name?: string | null };

const SourceRowRef = builder.objectRef<ChatSource['rows'][number]>('ChatSourceRow').implement({
  fields: (t) => ({
    label: t.exposeString('label'),
    value: t.string({ nullable: true, resolve: (r) => r.value ?? null }),
    link: t.string({ nullable: true, resolve: (r) => r.link ?? null }),
  }),
});
const SourceRef = builder.objectRef<ChatSource>('ChatSource').implement({
  description: 'Where an answer’s facts came from: one tool’s rows.',
  fields: (t) => ({
    tool: t.exposeString('tool'),
    label: t.exposeString('label'),
    link: t.exposeString('link', { nullable: true }),
    rows: t.field({ type: [SourceRowRef], resolve: (s) => s.rows }),
  }),
});
const ChoiceRef = builder.objectRef<ChatChoice>('ChatChoice').implement({
  description: 'An ask-back button: one likely reading of an unclear question; tapping it asks `question`.',
  fields: (t) => ({ label: t.exposeString('label'), question: t.exposeString('question') }),
});
type ToolCall = MessageRow['tool_calls'][number];
const ToolCallRef = builder.objectRef<ToolCall>('ChatToolCall').implement({
  fields: (t) => ({
    tool: t.exposeString('tool'),
    input: t.string({ description: 'The tool’s input, as JSON.', resolve: (c) => JSON.stringify(c.input ?? {}) }),
    rows: t.exposeInt('rows'),
    refused: t.boolean({ resolve: (c) => c.refused === true }),
  }),
});
const MessageRef = builder.objectRef<MessageRow>('ChatMessage').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    employees_id: t.exposeInt('employees_id'),
    role: t.exposeString('role', { description: 'user (the question) or assistant (the answer).' }),
    body: t.exposeString('body'),
    language: t.exposeString('language'),
    engine: t.exposeString('engine', { nullable: true, description: 'builtin or model.' }),
    sources: t.field({ type: [SourceRef], resolve: (m) => m.sources }),
    choices: t.field({
      type: [ChoiceRef],
      description: 'Ask-back buttons (empty unless the assistant was unsure what was meant).',
      resolve: (m) => m.choices ?? [],
    }),
    created_on: t.exposeString('created_on'),
  }),
});
const AuditMessageRef = builder.objectRef<MessageRow>('ChatAuditMessage').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    employees_id: t.exposeInt('employees_id'),
    employee_name: t.string({ nullable: true, resolve: (m) => m.employee_name ?? null }),
    role: t.exposeString('role'),
    body: t.exposeString('body'),
    engine: t.exposeString('engine', { nullable: true }),
    tool_calls: t.field({ type: [ToolCallRef], resolve: (m) => m.tool_calls }),
    cleared_on: t.exposeString('cleared_on', { nullable: true }),
    created_on: t.exposeString('created_on'),
  }),
});
const ExchangeRef = builder.objectRef<{ question: MessageRow; answer: MessageRow }>('ChatExchange').implement({
  fields: (t) => ({
    question: t.field({ type: MessageRef, resolve: (e) => e.question }),
    answer: t.field({ type: MessageRef, resolve: (e) => e.answer }),
  }),
});
const PageRef = pageRef('ChatMessageConnection', MessageRef);
const AuditPageRef = pageRef('ChatAuditConnection', AuditMessageRef);
const InfoRef = builder.objectRef<{ engine: string; tools: string[]; suggestions: string[]; help: string }>('ChatbotInfo').implement({
  fields: (t) => ({
    engine: t.exposeString('engine', { description: 'builtin (no model configured) or model.' }),
    tools: t.exposeStringList('tools', { description: 'The tools this person’s permissions reach.' }),
    suggestions: t.exposeStringList('suggestions'),
    help: t.exposeString('help', { description: 'Which kinds of question the assistant understands.' }),
  }),
});

const language = (value: string | null | undefined): ChatLanguage => (value === 'es' ? 'es' : 'en');
const checkLimit = (limit: number | null | undefined) => {
  const n = limit ?? CHAT_LIMITS.historyPage;
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new AppError('VALIDATION', msg('common.limitRange', { max: 200 }));
  return n;
};
const checkToken = (token: string | null | undefined) => {
  if (token == null) return null;
  const id = Number(token);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION', msg('common.nextTokenNotValid'));
  return id;
};
const isAdmin = (g: Gated) => g.member.isAdmin || g.member.permissions.has(ADMIN_ACCESS);

function suggestionsFor(tools: string[], lang: ChatLanguage, leads: boolean): string[] {
  const en: Record<string, string[]> = {
    schedule: leads ? ['Who is scheduled on my job tomorrow?', 'Where am I working tomorrow?'] : ['Where am I working tomorrow?'],
    hours: leads
      ? ['How many hours did my crew book this week?', 'How many hours do I have this week?']
      : ['How many hours do I have this week?'],
    job_budget: ['How is the budget on my job?'],
    open_tasks: ['What are my open tasks?'],
    directory: ['What is the phone number of the office?'],
  };
  const es: Record<string, string[]> = {
    schedule: leads ? ['¿Quién está programado en mi proyecto mañana?', '¿Dónde trabajo mañana?'] : ['¿Dónde trabajo mañana?'],
    hours: leads
      ? ['¿Cuántas horas lleva mi cuadrilla esta semana?', '¿Cuántas horas llevo esta semana?']
      : ['¿Cuántas horas llevo esta semana?'],
    job_budget: ['¿Cómo va el presupuesto de mi proyecto?'],
    open_tasks: ['¿Cuáles son mis tareas abiertas?'],
    directory: ['¿Cuál es el teléfono de la oficina?'],
  };
  return tools.flatMap((t) => (lang === 'es' ? es : en)[t] ?? []).slice(0, 5);
}

tenantQuery('getChatbotInfo', RULE, {
  type: InfoRef,
  description: 'What the assistant can do for the caller: its engine, the tools their permissions reach, suggested questions.',
  args: (t) => ({ language: t.string({ required: false }) }),
  resolve: async (args, g) => {
    const lang = language(args.language);
    const tools = toolsFor(g.member).map((t) => t.name);
    const ties = await tiesOf(g.tx, g.member);
    return {
      engine: g.ctx.config.llm ? 'model' : 'builtin',
      tools,
      suggestions: suggestionsFor(tools, lang, ties.leadsAny || isAdmin(g)),
      help: say(lang, 'help'),
    };
  },
});

tenantQuery('listChatMessages', RULE, {
  type: PageRef,
  description: "The caller's own conversation, newest first (cleared messages are not shown).",
  args: (t) => ({ limit: t.int({ required: false }), nextToken: t.string({ required: false }) }),
  resolve: async (args, g) => {
    const limit = checkLimit(args.limit);
    const before = checkToken(args.nextToken);
    const rows = await g.tx
      .select()
      .from(chatMessages)
      .where(and(ownRows(chatMessages, g.member), isNull(chatMessages.cleared_on), before ? lt(chatMessages.id, before) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(limit + 1);
    const items = rows.slice(0, limit);
    return { items, nextToken: rows.length > limit ? String(items.at(-1)?.id) : null };
  },
});

tenantQuery('listChatAudit', RULE, {
  type: AuditPageRef,
  description: 'Every question and answer in the company, cleared ones included, with the tools they ran (admin_access only).',
  args: (t) => ({ employees_id: t.int({ required: false }), limit: t.int({ required: false }), nextToken: t.string({ required: false }) }),
  resolve: async (args, g) => {
    if (!isAdmin(g)) throw forbidden();
    const limit = checkLimit(args.limit);
    const before = checkToken(args.nextToken);
    const rows = await g.tx
      .select({
        ...getTableColumns(chatMessages),
        employee_name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')`,
      })
      .from(chatMessages)
      .leftJoin(employees, and(eq(employees.tenant_uuid, chatMessages.tenant_uuid), eq(employees.id, chatMessages.employees_id)))
      .where(
        and(
          eq(chatMessages.tenant_uuid, g.member.tenantUuid),
          args.employees_id != null ? eq(chatMessages.employees_id, args.employees_id) : undefined,
          before ? lt(chatMessages.id, before) : undefined,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(limit + 1);
    const items: MessageRow[] = rows.slice(0, limit);
    return { items, nextToken: rows.length > limit ? String(items.at(-1)?.id) : null };
  },
});

const askArgs = (t: ArgBuilder<Types>) => ({
  question: t.string({ required: true }),
  language: t.string({ required: false, description: 'en or es: the app’s language (the question’s own wins).' }),
  today: t.string({ required: false, description: "The asker's local date (YYYY-MM-DD), for today, tomorrow and this week." }),
});

// Both enter the gate in steps (chatbot.ask.ts): with a model configured, no transaction is held while it thinks.
tenantStepMutation('askChatbot', ASK_RULE, {
  type: ExchangeRef,
  description:
    'Asks the assistant a question about the company’s records. The answer is made from read-only tools run as the caller ' +
    '(a built-in parser, or a configured model); its sources list the rows it came from. Rate limited per person.',
  args: askArgs,
  resolve: async (args, steps, ctx) => {
    const asked = await ask(steps, args, ctx);
    return { question: asked.question, answer: await asked.answer };
  },
});

const StreamEventRef = builder.objectRef<AskEvent>('ChatStreamEvent').implement({
  description:
    'One event of a streamed answer: first the stored question, then the answer’s text in pieces, in order, and last the ' +
    'stored answer (with its sources and ask-backs), which replaces the streamed text.',
  fields: (t) => ({
    question: t.field({ type: MessageRef, nullable: true, resolve: (e) => (e.kind === 'question' ? e.message : null) }),
    text: t.string({
      nullable: true,
      description: 'The next piece of the answer’s text.',
      resolve: (e) => (e.kind === 'text' ? e.text : null),
    }),
    answer: t.field({ type: MessageRef, nullable: true, resolve: (e) => (e.kind === 'answer' ? e.message : null) }),
  }),
});

tenantStepSubscription('askChatbotStream', ASK_RULE, {
  type: StreamEventRef,
  description:
    'askChatbot, streamed (GraphQL over SSE): the answer’s text arrives as it is written. Refusals (bad input, the pace ' +
    'limit) come as the operation’s error; once the question is stored, its answer is stored even if the stream is closed.',
  args: askArgs,
  subscribe: (args, steps, ctx) => askStream(steps, args, ctx),
  resolve: (event) => event,
});

tenantMutation('clearChatConversation', RULE, {
  type: 'Int',
  description: "Clears the caller's conversation (it stays in the admins' audit). Answers how many messages were cleared.",
  resolve: async (_args, g) => {
    const rows = await g.tx
      .update(chatMessages)
      .set({ cleared_on: sql`now()` })
      .where(and(ownRows(chatMessages, g.member), isNull(chatMessages.cleared_on)))
      .returning({ id: chatMessages.id });
    return rows.length;
  },
});
