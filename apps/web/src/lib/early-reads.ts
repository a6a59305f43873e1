import {
  type EarlyRead,
  GET_USER_READ,
  INLINE_READS_ID,
  type InlineReads,
  pageReads,
  TIME_ZONE_COOKIE,
  timecardSettingsKeyOf,
} from '@groundwork/core/early-reads';
import { readSelectedTenantUuid } from './selected-tenant';
import { localToday } from './today';

// Issue 28: a signed-in page's first reads (packages/core/src/early-reads.ts), asked by the page's first script
// (main.tsx) while the app's code is still on its way. Without them the session check, the menu, the subscription
// status and the page's own reads are asked only once that code has run: on a weak signal a round trip and the
// server's time after the download, on a slow phone after the code has been parsed as well. On a first visit the
// server has answered them inside the page already (apps/server/src/platform/early-reads.ts); a repeat visit's page
// is the service worker's copy, and they are asked here. The app's own requests take these answers (once each)
// instead of asking again; nothing here decides anything: the guard, the access checks and the screens read them as
// they read their own.

export { earlyReadKey } from '@groundwork/core/early-reads';

/** An answer older than this is not used: the app asks again (it was asked while the page opened, not later). */
const KEPT_FOR_MS = 20_000;

const answers = new Map<string, Promise<Response>>();
let askedAt = 0;
/** Whether the page carried its answers (the server's, on a first visit). */
let carriedAnswers = false;

/** Asks `read` unless its answer is here already (the page carried it). */
function ask(read: EarlyRead): void {
  if (answers.has(read.key)) return;
  const answer = fetch(read.url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...read.headers },
    body: JSON.stringify(read.body),
  });
  // A failed read is asked again by the app itself; it must not surface as an unhandled rejection here.
  answer.catch(() => undefined);
  answers.set(read.key, answer);
}

/** The answers the page carries for `tenant` (none for another company, or where the element is not valid JSON). */
function takeInlineReads(tenant: string): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(INLINE_READS_ID);
  if (!element) return;
  element.remove();
  let carried: InlineReads | null = null;
  try {
    carried = JSON.parse(element.textContent ?? '') as InlineReads;
  } catch {
    return;
  }
  if (carried?.tenant !== tenant || typeof carried.answers !== 'object') return;
  carriedAnswers = true;
  for (const [key, { status, body }] of Object.entries(carried.answers)) {
    answers.set(key, Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  }
}

/**
 * The time card's card read follows its settings: the caller's own card for the period the settings (and `?period=`)
 * name. Its pay-period code comes in its own small chunk beside the settings.
 */
function askTimecardCard(tenant: string, search: URLSearchParams): void {
  const settings = answers.get(timecardSettingsKeyOf(tenant));
  // The page that carries the settings carries the card read from them (or none, for another person's card).
  if (search.has('employee') || !settings || carriedAnswers) return;
  void Promise.all([settings.then((r) => r.clone().json()), import('@groundwork/core/early-timecard-read')])
    .then(([answer, { timecardCardRead }]) => {
      const read = timecardCardRead(tenant, search, answer);
      if (read) ask(read);
    })
    .catch(() => undefined);
}

/**
 * Asks the first reads of the signed-in page at `pathname` that the page does not carry, where a company is chosen
 * and there is a signal (with none, the app opens on the copy kept on the phone).
 */
export function startEarlyReads(pathname: string, search = ''): void {
  const tenant = readSelectedTenantUuid();
  if (!tenant || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  askedAt = Date.now();
  answers.clear();
  carriedAnswers = false;
  takeInlineReads(tenant);
  for (const read of [GET_USER_READ, ...pageReads(pathname, tenant, localToday())]) ask(read);
  if (pathname === '/modules/timecards') askTimecardCard(tenant, new URLSearchParams(search));
}

/**
 * Keeps the phone's time zone in a cookie (a year), so the server can answer the dashboard's read for the phone's
 * date inside the page. Every page's first script does it: a sign-in screen before the first signed-in page.
 */
export function rememberTimeZone(): void {
  if (typeof document === 'undefined') return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every phone's browser (Safari, Firefox).
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * The early answer to a read (each is taken once), or null: none was asked, it was taken already, or it is too old.
 * A read that failed on the way resolves to null too, so the caller asks itself.
 */
export function takeEarlyRead(key: string): Promise<Response | null> | null {
  if (answers.size === 0) return null;
  if (Date.now() - askedAt > KEPT_FOR_MS) {
    answers.clear();
    return null;
  }
  const answer = answers.get(key);
  if (!answer) return null;
  answers.delete(key);
  return answer.catch(() => null);
}
