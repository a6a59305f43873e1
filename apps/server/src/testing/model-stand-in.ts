import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for an OpenAI-compatible model server on 127.0.0.1 (the chatbot's LLM_BASE_URL): POST
 * /v1/chat/completions, answered from a script, as one JSON completion or, with `stream: true`, as SSE chunks
 * (`chat.completion.chunk`, then `data: [DONE]`); either may carry tool calls. A reply can wait before answering
 * and between chunks, fail with an HTTP status, or never answer (a timeout). Every request is kept for the test.
 */
type ModelReply = {
  /** The answer's text: one string, or the pieces it streams in, in order. */
  text?: string | string[];
  /** Tool calls the model makes instead of (or before) answering. */
  toolCalls?: { name: string; args: unknown }[];
  /** Waits this long before answering. */
  delayMs?: number;
  /** Waits this long before each streamed piece after the first. */
  pieceDelayMs?: number;
  /** Answers with this HTTP status and an OpenAI-style error instead. */
  status?: number;
  /** Never answers (the caller's timeout has to end it). */
  hang?: boolean;
};

type Message = { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string };
export type ModelRequest = { stream: boolean; model: string; tools: string[]; messages: Message[]; receivedAt: number };
type Step = ModelReply | ((request: ModelRequest) => ModelReply);

export type ModelStandIn = {
  /** The base URL to configure (LLM_BASE_URL): …/v1. */
  url: string;
  apiKey: string;
  requests: ModelRequest[];
  /** The replies to the next requests, in order; once they run out it answers "Nothing more.". */
  script(...steps: Step[]): void;
  /** Called as each request arrives, before it is answered (a test looks at the server's state then). */
  onRequest: ((request: ModelRequest) => void | Promise<void>) | null;
  close(): Promise<void>;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function startModelStandIn(opts: { apiKey?: string } = {}): Promise<ModelStandIn> {
  const apiKey = opts.apiKey ?? 'stand-in-key';
  // A hung reply holds its connection open: closing must not wait on it.
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const requests: ModelRequest[] = [];
  let steps: Step[] = [];
  const closing = new AbortController();

  const standIn: ModelStandIn = {
    url: '',
    apiKey,
    requests,
    script: (...next) => {
      steps = next;
    },
    onRequest: null,
    close: async () => {
      closing.abort();
      await app.close();
    },
  };

  const base = { id: 'chatcmpl-stand-in', created: 1, model: 'stand-in' };
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  const toolCallsOf = (reply: ModelReply) =>
    (reply.toolCalls ?? []).map((call, index) => ({
      index,
      id: `call_${requests.length}_${index}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }));

  app.post('/v1/chat/completions', async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return reply.status(401).send({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } });
    }
    const body = req.body as { model: string; stream?: boolean; tools?: { function: { name: string } }[]; messages: Message[] };
    const request: ModelRequest = {
      stream: body.stream === true,
      model: body.model,
      tools: (body.tools ?? []).map((t) => t.function.name),
      messages: body.messages,
      receivedAt: Date.now(),
    };
    requests.push(request);
    await standIn.onRequest?.(request);
    const step = steps.shift() ?? { text: 'Nothing more.' };
    const planned = typeof step === 'function' ? step(request) : step;
    // The request's own end (the caller gave up) or the stand-in closing ends any wait.
    const gone = AbortSignal.any([closing.signal, abortOnClose(reply.raw)]);
    if (planned.hang) {
      await sleep(600_000, gone);
      return reply.status(504).send({ error: { message: 'gave up' } });
    }
    if (planned.delayMs) await sleep(planned.delayMs, gone);
    if (planned.status) {
      return reply.status(planned.status).send({ error: { message: 'The stand-in model failed on purpose.', type: 'server_error' } });
    }
    const pieces = planned.text === undefined ? [] : Array.isArray(planned.text) ? planned.text : [planned.text];
    const calls = toolCallsOf(planned);
    const finish = calls.length ? 'tool_calls' : 'stop';
    if (!request.stream) {
      return {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: pieces.length ? pieces.join('') : null, ...(calls.length ? { tool_calls: calls } : {}) },
            finish_reason: finish,
          },
        ],
        usage,
      };
    }
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) =>
      out.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    for (const [i, piece] of pieces.entries()) {
      if (i > 0 && planned.pieceDelayMs) await sleep(planned.pieceDelayMs, gone);
      if (gone.aborted) break;
      chunk({ content: piece }, null);
    }
    if (calls.length && !gone.aborted) chunk({ tool_calls: calls }, null);
    if (!gone.aborted) {
      chunk({}, finish, { usage });
      out.write('data: [DONE]\n\n');
    }
    out.end();
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  standIn.url = `http://127.0.0.1:${port}/v1`;
  return standIn;
}

/** Aborts when the response's connection closes (before it is answered: the caller gave up). */
function abortOnClose(raw: { on(event: 'close', fn: () => void): unknown }): AbortSignal {
  const controller = new AbortController();
  raw.on('close', () => controller.abort());
  return controller.signal;
}
