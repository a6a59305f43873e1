import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../../lib/graphql';
import { askStreamed } from './chatbot-stream';

// The streamed answer's reader (issue 48): askChatbotStream's SSE events, however the network cuts them.

const message = (id: number, role: string, body: string) => ({
  id,
  role,
  body,
  engine: role === 'user' ? null : 'model',
  language: 'en',
  created_on: '2026-11-24T10:00:00Z',
  sources: [],
  choices: [],
});
const event = (e: Record<string, unknown>) =>
  `event: next\ndata: ${JSON.stringify({ data: { askChatbotStream: { question: null, text: null, answer: null, ...e } } })}\n\n`;

/** Answers fetch with an event stream made of `parts`, each its own network read. */
function streamOf(parts: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  const fetch = vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const VARS = { tenant_uuid: 't', question: 'How many hours?', language: 'en', today: '2026-11-24' };

describe('askStreamed', () => {
  it('hands on the stored question, then each piece of text in order, and resolves with the stored answer', async () => {
    const all = [
      event({ question: message(1, 'user', 'How many hours?') }),
      event({ text: 'You booked ' }),
      event({ text: '8 hours.' }),
      event({ answer: message(2, 'assistant', 'You booked 8 hours.') }),
      'event: complete\ndata:\n\n',
    ].join('');
    // Cut anywhere: mid-line, mid-JSON, between the two newlines of an event's end.
    const fetch = streamOf([all.slice(0, 17), all.slice(17, 140), all.slice(140, 141), all.slice(141)]);
    const seen: string[] = [];
    const result = await askStreamed(VARS, {
      onQuestion: (q) => seen.push(`question ${q.body}`),
      onText: (piece) => seen.push(`text ${piece}`),
    });
    expect(seen).toEqual(['question How many hours?', 'text You booked ', 'text 8 hours.']);
    expect(result.question.id).toBe(1);
    expect(result.answer.body).toBe('You booked 8 hours.');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ accept: 'text/event-stream' });
    expect(JSON.parse(String(init.body))).toMatchObject({ variables: VARS });
    expect(JSON.parse(String(init.body)).query).toContain('askChatbotStream');
  });

  it('rejects with the server’s refusal, its code and message key', async () => {
    streamOf([
      `event: next\ndata: ${JSON.stringify({
        errors: [{ message: 'Type a question.', extensions: { code: 'VALIDATION', message_key: 'chat.empty', field: 'question' } }],
      })}\n\n`,
    ]);
    const error = await askStreamed(VARS).catch((e) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({ message: 'Type a question.', code: 'VALIDATION', key: 'chat.empty', field: 'question' });
  });

  it('rejects plainly when the stream ends before the answer', async () => {
    streamOf([event({ question: message(1, 'user', 'How many hours?') }), event({ text: 'You booked ' })]);
    const error = await askStreamed(VARS).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(GraphQLRequestError);
  });
});
