/**
 * A GraphQL-over-SSE subscription opened with fetch against a listening test server. `next()` gives each event's
 * data; `nextOrEnd()` gives null once the server has ended the stream. Abort them all with `closeAll()`.
 */
export type Subscription = { status: number; next(): Promise<any>; nextOrEnd(): Promise<any> };

const controllers: AbortController[] = [];

export async function subscribe(base: string, query: string, variables: Record<string, unknown>, token: string): Promise<Subscription> {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<any> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((l) => l.startsWith('data:'));
        if (data && data.length > 5) return JSON.parse(data.slice(5));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return {
    status: res.status,
    next,
    async nextOrEnd() {
      try {
        return await next();
      } catch (err) {
        if ((err as Error).message === 'stream ended') return null;
        throw err;
      }
    },
  };
}

export function closeAll() {
  for (const c of controllers.splice(0)) c.abort();
}
