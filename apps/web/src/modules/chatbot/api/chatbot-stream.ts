import { print } from '@0no-co/graphql.web';
import { GraphQLRequestError, type ResultOf, type VariablesOf } from '../../../lib/graphql';
import { refusalDetail } from '../../../lib/graphql-error';
import { askStreamSubscription, type ChatMessage } from './chatbot';

type Event = ResultOf<typeof askStreamSubscription>['askChatbotStream'];
type Payload = { data?: { askChatbotStream?: Event } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

export type StreamHandlers = {
  /** The question, once stored (the box can be emptied). */
  onQuestion?(message: ChatMessage): void;
  /** The next piece of the answer's text, in order. */
  onText?(piece: string): void;
};

/**
 * Asks the chatbot and reads its answer as it is written: askChatbotStream, a GraphQL-over-SSE subscription read
 * with fetch (the session cookie goes along). Resolves with the stored question and answer; rejects with the
 * server's refusal (a GraphQLRequestError: bad input, the pace limit) or, when the stream breaks, a plain Error.
 * The server stores the answer even when the stream breaks, so the conversation has it on its next read.
 */
export async function askStreamed(
  variables: VariablesOf<typeof askStreamSubscription>,
  handlers: StreamHandlers = {},
  signal?: AbortSignal,
): Promise<{ question: ChatMessage; answer: ChatMessage }> {
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: print(askStreamSubscription), variables }),
    signal,
  });
  if (!res.ok || !res.body) {
    // A refusal before the stream (an unauthenticated session, a malformed request) comes as a JSON answer.
    const body = (await res.json().catch(() => null)) as Payload | null;
    throw toError(body, res.status);
  }
  let question: ChatMessage | null = null;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      const payload = JSON.parse(data) as Payload;
      if (payload.errors?.length) throw toError(payload, res.status);
      const event = payload.data?.askChatbotStream;
      if (!event) continue;
      if (event.question) {
        question = event.question;
        handlers.onQuestion?.(event.question);
      }
      if (event.text) handlers.onText?.(event.text);
      if (event.answer && question) {
        await reader.cancel().catch(() => {});
        return { question, answer: event.answer };
      }
    }
  }
  throw new Error('the answer stream ended early');
}

function toError(payload: Payload | null, status: number): Error {
  const first = payload?.errors?.[0];
  if (!first) return new GraphQLRequestError(`Request failed with status ${status}`, undefined, status);
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : undefined;
  return new GraphQLRequestError(first.message, code, status, refusalDetail(first.extensions));
}
