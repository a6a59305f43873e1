/**
 * The person's notifications as they arrive: a GraphQL-over-SSE subscription (onMyNotification) read with fetch,
 * so the session cookie goes along. Reconnects after a dropped stream, with a growing pause; `stop()` ends it.
 */
export function watchMyNotifications(tenant: string, onEvent: (n: { id: number; kind: string }) => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let pause = 1000;
  const query = 'subscription OnMyNotification($tenant_uuid: ID!) { onMyNotification(tenant_uuid: $tenant_uuid) { id kind title } }';

  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const res = await fetch('/graphql', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query, variables: { tenant_uuid: tenant } }),
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
        pause = 1000;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = event.split('\n').find((l) => l.startsWith('data:'));
            if (data && data.length > 5) {
              try {
                const payload = JSON.parse(data.slice(5)) as { data?: { onMyNotification?: { id: number; kind: string } } };
                if (payload.data?.onMyNotification) onEvent(payload.data.onMyNotification);
              } catch {
                // not an event of ours
              }
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // dropped or refused: try again after a pause
      }
      if (stopped) return;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 30_000);
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
