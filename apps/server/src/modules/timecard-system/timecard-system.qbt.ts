import type { QbtConfig } from '../../config.js';

/**
 * The adapter to QuickBooks Time (formerly TSheets): its REST API v1 with OAuth 2. Authorize at /api/v1/authorize,
 * tokens from /api/v1/grant (authorization_code, refresh_token), revoke at /api/v1/revoke; the data under
 * /api/v1 with the bearer token. QBT_API_BASE sends everything to another host (the tests' stand-in speaks the same).
 */
const DEFAULT_BASE = 'https://rest.tsheets.com';
const PAGE_SIZE = 200;
const MAX_PAGES = 50;

export type QbtTokens = {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  company_id: string | null;
};

/** QuickBooks Time refused the code or the refresh token (invalid_grant): revoked or expired; only reconnecting helps. */
export class QbtGrantError extends Error {}

/** An API answer other than success, with QuickBooks Time's own message when it gave one. */
export class QbtApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type QbtUser = { id: number; first_name: string; last_name: string; username?: string; email?: string; active: boolean };
export type QbtJobcode = { id: number; parent_id: number; name: string; short_code?: string; type: string; active: boolean };
export type QbtTimesheet = {
  id: number;
  user_id: number;
  jobcode_id: number;
  start: string;
  end: string;
  /** Seconds. */
  duration: number;
  date: string;
  type: 'regular' | 'manual';
  on_the_clock: boolean;
  notes: string;
  last_modified: string;
};

const baseOf = (config: QbtConfig) => (config.apiBase ?? DEFAULT_BASE).replace(/\/$/, '');

export function authorizeUri(config: QbtConfig, redirectUri: string, state: string): string {
  const q = new URLSearchParams({ response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri, state });
  return `${baseOf(config)}/api/v1/authorize?${q}`;
}

async function grant(config: QbtConfig, body: Record<string, string>): Promise<QbtTokens> {
  const res = await fetch(`${baseOf(config)}/api/v1/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...body, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    if (json?.error === 'invalid_grant') throw new QbtGrantError(String(json.error_description ?? 'invalid_grant'));
    throw new QbtApiError(`QuickBooks Time answered ${res.status}.`, res.status);
  }
  if (typeof json?.access_token !== 'string' || typeof json.refresh_token !== 'string') {
    throw new QbtApiError('QuickBooks Time answered without tokens.', res.status);
  }
  return {
    access_token: json.access_token,
    refresh_token: json.refresh_token,
    expires_in: Number(json.expires_in ?? 3600),
    company_id: json.company_id == null ? null : String(json.company_id),
  };
}

export const exchangeCode = (config: QbtConfig, redirectUri: string, code: string) =>
  grant(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const refreshTokens = (config: QbtConfig, refreshToken: string) =>
  grant(config, { grant_type: 'refresh_token', refresh_token: refreshToken });

export async function revokeToken(config: QbtConfig, token: string): Promise<void> {
  const res = await fetch(`${baseOf(config)}/api/v1/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new QbtApiError(`QuickBooks Time answered ${res.status}.`, res.status);
}

/** One company's QuickBooks Time API, with a valid access token. */
export class QbtApi {
  private readonly base: string;
  constructor(
    config: QbtConfig,
    private readonly accessToken: string,
  ) {
    this.base = `${baseOf(config)}/api/v1`;
  }

  private async get(path: string, params: Record<string, string>): Promise<any> {
    const res = await fetch(`${this.base}/${path}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${this.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as any;
    if (res.status === 401) throw new QbtApiError('QuickBooks Time did not accept the access token.', 401);
    if (!res.ok) throw new QbtApiError(json?.error?.message ?? `QuickBooks Time answered ${res.status}.`, res.status);
    return json;
  }

  /** Every page of a list (results.<key> is an object keyed by id; `more` says another page follows). */
  private async all<T>(path: string, key: string, params: Record<string, string>): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const json = await this.get(path, { ...params, page: String(page), limit: String(PAGE_SIZE) });
      rows.push(...(Object.values(json?.results?.[key] ?? {}) as T[]));
      if (!json?.more) break;
    }
    return rows;
  }

  async currentUser(): Promise<QbtUser | null> {
    const json = await this.get('current_user', {});
    return (Object.values(json?.results?.users ?? {})[0] as QbtUser | undefined) ?? null;
  }

  users = () => this.all<QbtUser>('users', 'users', { active: 'true' });
  jobcodes = () => this.all<QbtJobcode>('jobcodes', 'jobcodes', { active: 'true' });
  timesheets = (start: string, end: string) =>
    this.all<QbtTimesheet>('timesheets', 'timesheets', { start_date: start, end_date: end, on_the_clock: 'both' });
}
