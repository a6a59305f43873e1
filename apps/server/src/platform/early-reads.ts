import {
  type EarlyRead,
  GET_USER_READ,
  INLINE_READS_ID,
  type InlineReads,
  pageReads,
  TIME_ZONE_COOKIE,
  timecardSettingsKeyOf,
  todayIn,
} from '@groundwork/core/early-reads';
import { type TimecardSettingsAnswer, timecardCardRead } from '@groundwork/core/early-timecard-read';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Issue 28: on a first visit to a signed-in page the server answers the page's first reads inside the page itself
 * (packages/core/src/early-reads.ts), so a phone on a weak signal does not wait a round trip for them (two for the
 * time card's, whose card follows its settings) after the app's code, behind that code's downloads on the browser's
 * six connections. Each read goes through the API as the browser's would (app.inject: the same session cookie, the
 * same tenant gate and permission checks), as the person's own request; nothing is read that the page would not
 * have asked. A read that fails or is late is left out, and the page asks it itself.
 */
const LATEST_MS = 1_500;

type Answer = { status: number; body: unknown };

/** A `<script type="application/json">` that is safe in HTML: nothing in it can end the element or start markup. */
export function inlineJson(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${id}">${json}</script>`;
}

async function answer(app: FastifyInstance, req: FastifyRequest, read: EarlyRead): Promise<Answer | null> {
  const response = await app.inject({
    method: 'POST',
    url: read.url,
    remoteAddress: req.ip,
    headers: {
      cookie: req.headers.cookie ?? '',
      'content-type': 'application/json',
      'user-agent': req.headers['user-agent'] ?? '',
      ...(req.headers['accept-language'] ? { 'accept-language': req.headers['accept-language'] } : {}),
      ...read.headers,
    },
    payload: JSON.stringify(read.body),
  });
  // Only what the browser could read from the same request is carried: JSON answers, success or refusal.
  if (!(response.headers['content-type'] ?? '').toString().includes('json')) return null;
  try {
    return { status: response.statusCode, body: response.json() };
  } catch {
    return null;
  }
}

/**
 * The page's first reads for the signed-in person of `req` at `pathname`, as the element the page's first script
 * takes them from; '' where there is no session, no company chosen, or the reads were not done in time.
 */
export async function inlineEarlyReads(app: FastifyInstance, req: FastifyRequest, pathname: string, search: string): Promise<string> {
  if (!req.headers.cookie) return '';
  const work = (async () => {
    const user = await answer(app, req, GET_USER_READ);
    const tenant = (user?.body as { 'custom:selected_tenant_uuid'?: unknown } | undefined)?.['custom:selected_tenant_uuid'];
    if (user?.status !== 200 || typeof tenant !== 'string') return '';
    const answers: InlineReads['answers'] = { [GET_USER_READ.key]: user };
    // The dashboard's numbers are for the phone's date: read in the time zone the phone's page script keeps in a
    // cookie (none: the page asks them itself). A date that is not the phone's only means the page asks again.
    const zone = (req.cookies as Record<string, string | undefined> | undefined)?.[TIME_ZONE_COOKIE];
    const reads = pageReads(pathname, tenant, zone ? todayIn(zone) : null);
    const done = await Promise.all(reads.map((read) => answer(app, req, read).catch(() => null)));
    reads.forEach((read, i) => {
      const found = done[i];
      if (found) answers[read.key] = found;
    });
    const settings = answers[timecardSettingsKeyOf(tenant)];
    if (pathname === '/modules/timecards' && settings?.status === 200) {
      const card = timecardCardRead(tenant, new URLSearchParams(search), settings.body as TimecardSettingsAnswer);
      const found = card && (await answer(app, req, card).catch(() => null));
      if (card && found) answers[card.key] = found;
    }
    return inlineJson(INLINE_READS_ID, { tenant, answers } satisfies InlineReads);
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(''), LATEST_MS);
  });
  try {
    return await Promise.race([work.catch(() => ''), late]);
  } finally {
    clearTimeout(timer);
  }
}
