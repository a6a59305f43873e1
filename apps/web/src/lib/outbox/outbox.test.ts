import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, DEVICE_MUTATION_HEADER, drain, variablesWithFiles } from './drain';
import { closeOutboxDb, discard, enqueue, listOutbox, outboxDb, resend, unsentCount } from './outbox';

const TENANT = '5b0e4a52-0000-4000-8000-000000000001';
const item = (owner: string, label: string, variables: Record<string, unknown> = {}) =>
  enqueue({ owner, tenant_uuid: TENANT, kind: 'timecard-day', label, query: 'mutation { x }', variables }, 0);

type Call = { id: string; body: { query: string; variables: Record<string, unknown> } };

/** A server stand-in: answers each call with the next scripted answer ('offline' throws like a dropped signal). */
function server(answers: (object | 'offline')[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ id: headers[DEVICE_MUTATION_HEADER], body: JSON.parse(String(init.body)) });
    const answer = answers.shift() ?? { data: { x: true } };
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetch: fetchImpl };
}

beforeEach(async () => {
  await outboxDb().items.clear();
});
afterEach(async () => {
  await closeOutboxDb();
  vi.unstubAllGlobals();
});

/** The test DOM's FormData may take only its own Blobs, and fake-indexeddb gives others back: a plain stand-in. */
class FakeFormData {
  fields = new Map<string, unknown>();
  append(key: string, value: unknown) {
    this.fields.set(key, value);
  }
  get(key: string) {
    return this.fields.get(key);
  }
}

describe('the offline outbox', () => {
  it('keeps each person’s queue to themselves, in the order they acted, across a reload', async () => {
    const a = await item('ana', 'Mon: 8 h');
    await item('ben', 'Ben’s receipt');
    const b = await item('ana', 'Tue: 6 h');
    await closeOutboxDb(); // the page reloads
    expect((await listOutbox('ana')).map((i) => [i.id, i.label, i.status])).toEqual([
      [a.id, 'Mon: 8 h', 'pending'],
      [b.id, 'Tue: 6 h', 'pending'],
    ]);
    expect(await unsentCount('ana')).toBe(2);
    expect((await listOutbox('ben')).map((i) => i.label)).toEqual(['Ben’s receipt']);
    // UUID v7: time-ordered, made on the phone.
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends in order with each action’s own id, and only the person’s own', async () => {
    const a = await item('ana', 'one', { n: 1 });
    const b = await item('ana', 'two', { n: 2 });
    await item('ben', 'not mine');
    const s = server([{ data: { x: 1 } }, { data: { x: 2 } }]);
    const report = await drain('ana', { fetch: s.fetch, now: () => 5000 });
    expect(s.calls.map((c) => [c.id, c.body.variables])).toEqual([
      [a.id, { n: 1 }],
      [b.id, { n: 2 }],
    ]);
    expect(report.sent.map((i) => i.id)).toEqual([a.id, b.id]);
    const stored = await listOutbox('ana');
    expect(stored.map((i) => [i.status, i.sent_at, i.result])).toEqual([
      ['sent', 5000, { x: 1 }],
      ['sent', 5000, { x: 2 }],
    ]);
    expect(await unsentCount('ben')).toBe(1);
  });

  it('stops at a dropped signal, backs off, and resends the same id later', async () => {
    const a = await item('ana', 'one');
    await item('ana', 'two');
    const s = server(['offline']);
    const first = await drain('ana', { fetch: s.fetch, now: () => 1000 });
    expect(first.stopped).toBe('offline');
    expect(s.calls).toHaveLength(1);
    const [waiting] = await listOutbox('ana');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, next_try_at: 1000 + backoffMs(1) });
    // Too soon: nothing is tried, the order holds.
    expect((await drain('ana', { fetch: s.fetch, now: () => 1500 })).stopped).toBe('waiting');
    expect(s.calls).toHaveLength(1);
    const later = await drain('ana', { fetch: s.fetch, now: () => 1000 + backoffMs(1) });
    expect(later.sent).toHaveLength(2);
    expect(s.calls.map((c) => c.id)).toEqual([a.id, a.id, expect.any(String)]);
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(4)).toBe(8000);
    expect(backoffMs(40)).toBe(300_000);
  });

  it('tries a backed-off action at once when the signal comes back, whatever its backoff', async () => {
    const a = await item('ana', 'one');
    const s = server(['offline', 'offline', 'offline', 'offline']);
    for (let n = 0; n < 4; n += 1) await drain('ana', { fetch: s.fetch, now: () => 1000, tryNow: true });
    const [waiting] = await listOutbox('ana');
    expect(waiting.next_try_at).toBe(1000 + backoffMs(4));
    expect((await drain('ana', { fetch: s.fetch, now: () => 2000 })).stopped).toBe('waiting');
    // The 'online' event (or the app's start): sent now, not in 8 s.
    const back = await drain('ana', { fetch: s.fetch, now: () => 2000, tryNow: true });
    expect(back.sent.map((i) => i.id)).toEqual([a.id]);
  });

  it('an action caught mid-send by a closed app goes again under the same id', async () => {
    const a = await item('ana', 'one');
    await outboxDb().items.update(a.id, { status: 'sending' });
    await closeOutboxDb();
    const s = server([{ data: { x: 1 } }]);
    expect((await drain('ana', { fetch: s.fetch })).sent).toHaveLength(1);
    expect(s.calls[0].id).toBe(a.id);
  });

  it('treats "already saved" as sent, keeps a refusal with the server’s words, and goes on', async () => {
    await item('ana', 'applied before the signal dropped');
    const refusedOne = await item('ana', 'a signed card');
    await item('ana', 'three');
    const s = server([
      { errors: [{ message: 'This change was already saved.', extensions: { code: 'CONFLICT', reason: 'ALREADY_APPLIED' } }] },
      { errors: [{ message: 'This time card is signed.', extensions: { code: 'VALIDATION' } }] },
      { data: { x: 3 } },
    ]);
    const report = await drain('ana', { fetch: s.fetch });
    expect(report.sent.map((i) => i.label)).toEqual(['applied before the signal dropped', 'three']);
    expect(report.refused).toHaveLength(1);
    const stored = (await listOutbox('ana')).find((i) => i.id === refusedOne.id);
    expect(stored).toMatchObject({ status: 'refused', error: 'This time card is signed.', error_code: 'VALIDATION' });
    expect(await unsentCount('ana')).toBe(0);
  });

  it('waits for the person to sign in again when the session is gone, and on a server failure', async () => {
    await item('ana', 'one');
    const s = server([{ errors: [{ message: 'Please sign back in.', extensions: { code: 'UNAUTHENTICATED' } }] }]);
    expect((await drain('ana', { fetch: s.fetch })).stopped).toBe('signed-out');
    expect((await listOutbox('ana'))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const failing = server([{ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }]);
    expect((await drain('ana', { fetch: failing.fetch, now: () => 0 })).stopped).toBe('offline');
    expect((await listOutbox('ana'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('a refused action is fixed and resent under a new id, or discarded', async () => {
    const a = await item('ana', 'too many hours', { hours: 30 });
    const b = await item('ana', 'wrong job');
    await outboxDb().items.update(a.id, { status: 'refused', error: 'A day has at most 24 hours.' });
    await outboxDb().items.update(b.id, { status: 'refused', error: 'No such job.' });
    await resend('ana', a.id, { hours: 8 });
    await discard('ana', b.id);
    await discard('ben', (await listOutbox('ana'))[0].id); // not Ben's to discard
    const [fixed, ...rest] = await listOutbox('ana');
    expect(rest).toEqual([]);
    expect(fixed).toMatchObject({ status: 'pending', variables: { hours: 8 }, label: 'too many hours' });
    expect(fixed.error).toBeUndefined();
    expect(fixed.id).not.toBe(a.id);
  });

  it('one drain at a time: a second call joins the first', async () => {
    await item('ana', 'one');
    const s = server([{ data: { x: 1 } }]);
    const [r1, r2] = await Promise.all([drain('ana', { fetch: s.fetch }), drain('ana', { fetch: s.fetch })]);
    expect(r1).toBe(r2);
    expect(s.calls).toHaveLength(1);
  });

  it('uploads a queued photo once, then sends the action with its uuid; a dropped signal keeps what was uploaded', async () => {
    const queued = await enqueue(
      {
        owner: 'ana',
        tenant_uuid: TENANT,
        kind: 'receipt',
        label: 'Receipt $12',
        query: 'mutation { x }',
        variables: { receipt: { amount_cents: 1200, file_uuids: ['kept'] } },
        files: [{ name: 'r.jpg', blob: new Blob(['jpeg'], { type: 'image/jpeg' }) }],
        source_table: 'receipts',
        files_path: ['receipt', 'file_uuids'],
      },
      0,
    );
    vi.stubGlobal('FormData', FakeFormData);
    const calls: string[] = [];
    let graphqlAnswers: (object | 'offline')[] = ['offline'];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url === '/api/files') {
        expect((init.headers as Record<string, string>)['x-tenant-uuid']).toBe(TENANT);
        expect((init.body as FormData).get('source_table')).toBe('receipts');
        return new Response(JSON.stringify({ uuid: 'photo-1' }), { status: 201 });
      }
      const answer = graphqlAnswers.shift() ?? { data: { x: 1 } };
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      expect(JSON.parse(String(init.body)).variables).toEqual({ receipt: { amount_cents: 1200, file_uuids: ['kept', 'photo-1'] } });
      return new Response(JSON.stringify(answer), { status: 200 });
    }) as unknown as typeof fetch;
    expect((await drain('ana', { fetch: fetchImpl, now: () => 0 })).stopped).toBe('offline');
    expect((await outboxDb().items.get(queued.id))?.files?.[0].uuid).toBe('photo-1');
    graphqlAnswers = [];
    const report = await drain('ana', { fetch: fetchImpl, now: () => 10_000 });
    expect(report.sent).toHaveLength(1);
    expect(calls).toEqual(['/api/files', '/graphql', '/graphql']);
    const sent = await outboxDb().items.get(queued.id);
    expect(sent).toMatchObject({ status: 'sent', files: [{ name: 'r.jpg', uuid: 'photo-1' }] });
    expect(sent?.files?.[0].blob).toBeUndefined();
  });

  it('puts photos into a list of objects when asked', () => {
    const variables = variablesWithFiles({
      id: 'x',
      owner: 'ana',
      tenant_uuid: TENANT,
      kind: 'daily-report',
      label: '',
      query: '',
      variables: { report: { notes_html: 'n', photos: [] } },
      status: 'pending',
      created_at: 0,
      attempts: 0,
      next_try_at: 0,
      files: [{ name: 'a.jpg', blob: new Blob([]), uuid: 'u1' }],
      files_path: ['report', 'photos'],
      files_item: { caption: null },
    });
    expect(variables).toEqual({ report: { notes_html: 'n', photos: [{ caption: null, uuid: 'u1' }] } });
  });
});
