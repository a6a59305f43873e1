import { CHAT_LIMITS, CHAT_MESSAGES, type ChatLanguage, chatQuestionSchema } from '@groundwork/core/chatbot';
import { fromText, msg } from '@groundwork/core/messages';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../graphql/context.js';
import { AppError } from '../../graphql/errors.js';
import type { Gated, Member, Steps } from '../../graphql/gate.js';
import { tenants } from '../tenants/tenants.table.js';
import { type Answer, builtinAnswer } from './chatbot.engine.js';
import type { HistoryTurn } from './chatbot.model.js';
import { chatMessages } from './chatbot.table.js';
import { runTool, tiesOf } from './chatbot.tools.js';
import { say } from './chatbot.words.js';

/**
 * Asking the chatbot (issues 22 and 48), for the askChatbot mutation and the askChatbotStream subscription. The
 * question is checked and stored first, in its own short walled transaction. The built-in engine answers in that
 * same transaction, at once. With a model configured, no transaction is held while it thinks: each tool call it
 * makes enters the tenant gate on its own (the member and the session checked again, a read-only walled
 * transaction), and the answer is stored afterwards in its own transaction, whether or not anyone still listens.
 */

type ChatMessageRow = typeof chatMessages.$inferSelect;
export type AskArgs = { question: string; language?: string | null; today?: string | null };

/** A question stored, its answer on the way: `answer` settles once the answer is stored. */
export type Asked = { question: ChatMessageRow; answer: Promise<ChatMessageRow> };

const chatLanguage = (value: string | null | undefined): ChatLanguage => (value === 'es' ? 'es' : 'en');
const checkDay = (value: string | null | undefined) => {
  if (value == null) return new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new AppError('VALIDATION', msg('common.todayDate'));
  return value;
};

async function storeAnswer(tx: Tx, member: Member, language: ChatLanguage, answer: Answer): Promise<ChatMessageRow> {
  const [replied] = await tx
    .insert(chatMessages)
    .values({
      tenant_uuid: member.tenantUuid,
      employees_id: member.employeeId,
      role: 'assistant',
      body: answer.text,
      language,
      engine: answer.engine,
      sources: answer.sources,
      tool_calls: answer.toolCalls,
      choices: answer.choices,
      context: answer.context ?? null,
    })
    .returning();
  return replied;
}

/**
 * Checks and stores the question (refusals are thrown here: bad input, the pace limit, the gate), then answers.
 * `onText` gets the answer's text as it is written: the built-in engine's in one piece, the model's in pieces.
 */
export async function ask(steps: Steps, args: AskArgs, ctx: Ctx, onText?: (piece: string) => void): Promise<Asked> {
  const lang = chatLanguage(args.language);
  const llm = ctx.config.llm;

  // The input is judged inside the gate: someone outside the company learns nothing, not even that it was bad.
  const first = await steps.enter(async (g: Gated) => {
    const parsed = chatQuestionSchema.safeParse(args.question);
    if (!parsed.success)
      throw new AppError('VALIDATION', fromText(parsed.error.issues[0]?.message ?? CHAT_MESSAGES.empty), { field: 'question' });
    const question = parsed.data;
    const today = checkDay(args.today);
    const { tx, member } = g;
    const t = member.tenantUuid;
    const [{ recent }] = await tx
      .select({ recent: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.tenant_uuid, t),
          eq(chatMessages.employees_id, member.employeeId),
          eq(chatMessages.role, 'user'),
          gte(chatMessages.created_on, sql`now() - make_interval(mins => ${CHAT_LIMITS.rateWindowMinutes})`),
        ),
      );
    if (recent >= CHAT_LIMITS.ratePerWindow) throw new AppError('RATE_LIMITED', msg('chat.rateLimited'));
    const [asked] = await tx
      .insert(chatMessages)
      .values({ tenant_uuid: t, employees_id: member.employeeId, role: 'user', body: question, language: lang })
      .returning();
    if (!llm) {
      const ties = await tiesOf(tx, member);
      const answer = await builtinAnswer({ tx, member, today, language: lang, ties }, question);
      return { asked, member, replied: await storeAnswer(tx, member, lang, answer), history: [], company: '', question, today };
    }
    const history = (
      await tx
        .select({ role: chatMessages.role, body: chatMessages.body })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.tenant_uuid, t),
            eq(chatMessages.employees_id, member.employeeId),
            isNull(chatMessages.cleared_on),
            lt(chatMessages.id, asked.id),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(10)
    ).reverse() as HistoryTurn[];
    const [company] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, t));
    return { asked, member, replied: null, history, company: company?.company ?? 'the company', question, today };
  });

  const { question, today } = first;
  if (first.replied) {
    onText?.(first.replied.body);
    return { question: first.asked, answer: Promise.resolve(first.replied) };
  }
  const model = llm as NonNullable<typeof llm>;
  const calls: Answer['toolCalls'] = [];
  const answering = (async () => {
    let answer: Answer;
    try {
      // The model's SDK loads with the first question a model answers, not at the server's start.
      const { modelAnswer } = await import('./chatbot.model.js');
      answer = await modelAnswer(
        {
          member: first.member,
          today,
          language: lang,
          question,
          history: first.history,
          company: first.company,
          calls,
          onText,
          // Each tool call: the gate again, in a short read-only walled transaction.
          run: (name, input) =>
            steps.enter(
              async ({ tx, member }) => runTool({ tx, member, today, language: lang, ties: await tiesOf(tx, member) }, name, input),
              { readOnly: true },
            ),
        },
        model,
      );
    } catch (err) {
      ctx.log.warn({ err }, 'the chatbot model did not answer');
      answer = { text: say(lang, 'modelFailed'), engine: 'model', sources: [], toolCalls: calls, choices: [] };
    }
    return steps.enter(({ tx, member }) => storeAnswer(tx, member, lang, answer));
  })();
  // Stored or not, with or without a listener (a closed phone): never an unhandled rejection.
  answering.catch((err) => ctx.log.warn({ err }, 'the chatbot answer could not be stored'));
  return { question: first.asked, answer: answering };
}

/** The events of a streamed answer (askChatbotStream): the stored question, the answer's text in pieces, the stored answer. */
export type AskEvent =
  | { kind: 'question'; message: ChatMessageRow }
  | { kind: 'text'; text: string }
  | { kind: 'answer'; message: ChatMessageRow };

/**
 * `ask`, as a stream of events. Refusals are thrown before the first event. The answer is made and stored whether
 * or not the stream is still read: closing it only stops the events.
 */
export async function askStream(steps: Steps, args: AskArgs, ctx: Ctx): Promise<AsyncIterableIterator<AskEvent>> {
  const queue: AskEvent[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let closed = false;
  let failure: unknown = null;
  const push = (event: AskEvent) => {
    if (closed) return;
    queue.push(event);
    wake?.();
  };
  const asked = await ask(steps, args, ctx, (text) => push({ kind: 'text', text }));
  queue.unshift({ kind: 'question', message: asked.question });
  void asked.answer
    .then(
      (message) => push({ kind: 'answer', message }),
      (err) => {
        failure = err;
      },
    )
    .finally(() => {
      finished = true;
      wake?.();
    });
  const done = { done: true, value: undefined } as const;
  const events: AsyncIterableIterator<AskEvent> = {
    [Symbol.asyncIterator]: () => events,
    async next() {
      for (;;) {
        const event = queue.shift();
        if (event) return { done: false, value: event };
        if (closed) return done;
        if (finished) {
          if (failure) throw failure;
          return done;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    },
    async return() {
      closed = true;
      queue.length = 0;
      wake?.();
      return done;
    },
  };
  return events;
}
