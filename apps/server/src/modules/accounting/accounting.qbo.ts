import OAuthClient from 'intuit-oauth';
import type { QboConfig } from '../../config.js';

/**
 * The adapter to QuickBooks Online: OAuth 2 through Intuit's own `intuit-oauth` client, the v3 accounting API through
 * fetch with the bearer token. QBO_BASE_URL sends both to one other host (the tests' stand-in speaks the same paths).
 */
const INTUIT = {
  authorizeEndpoint: OAuthClient.authorizeEndpoint,
  tokenEndpoint: OAuthClient.tokenEndpoint,
  revokeEndpoint: OAuthClient.revokeEndpoint,
  userInfoEndpoint: OAuthClient.userinfo_endpoint_production,
};
const API = { sandbox: 'https://sandbox-quickbooks.api.intuit.com', production: 'https://quickbooks.api.intuit.com' };
const MINOR_VERSION = '75';

export type Tokens = {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  x_refresh_token_expires_in: number;
  realmId?: string;
};

/** QuickBooks refused the refresh token or the grant: revoked in QuickBooks, or expired. Only reconnecting helps. */
export class QboGrantError extends Error {}

/** A v3 API answer other than success, with QuickBooks' own detail (Fault.Error[0].Detail) when it gave one. */
export class QboApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function client(config: QboConfig, redirectUri: string): OAuthClient {
  const oauth = new OAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    environment: config.environment,
    redirectUri,
  });
  // intuit-oauth keeps its endpoints on the class; set them every time so one configuration never leaks into another.
  const base = config.baseUrl?.replace(/\/$/, '');
  oauth.setAuthorizeURLs(
    base
      ? {
          authorizeEndpoint: `${base}/connect/oauth2`,
          tokenEndpoint: `${base}/oauth2/v1/tokens/bearer`,
          revokeEndpoint: `${base}/v2/oauth2/tokens/revoke`,
          userInfoEndpoint: `${base}/v1/openid_connect/userinfo`,
        }
      : INTUIT,
  );
  return oauth;
}

const grantRefused = (err: unknown): boolean => {
  const e = err as { error?: unknown; message?: unknown; authResponse?: { response?: { status?: number } } };
  return String(e?.error ?? '') === 'invalid_grant' || String(e?.message ?? '').includes('invalid_grant');
};

function tokensOf(json: unknown): Tokens {
  const t = json as Partial<Tokens> | null;
  if (!t?.access_token || !t.refresh_token) throw new Error('QuickBooks answered without tokens');
  return {
    access_token: t.access_token,
    refresh_token: t.refresh_token,
    expires_in: Number(t.expires_in ?? 3600),
    x_refresh_token_expires_in: Number(t.x_refresh_token_expires_in ?? 8_726_400),
  };
}

export function authorizeUri(config: QboConfig, redirectUri: string, state: string): string {
  return client(config, redirectUri).authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
}

export async function exchangeCode(config: QboConfig, redirectUri: string, code: string, realmId: string): Promise<Tokens> {
  const oauth = client(config, redirectUri);
  try {
    const res = await oauth.createToken(`${redirectUri}?${new URLSearchParams({ code, realmId })}`);
    return tokensOf(res.getJson());
  } catch (err) {
    if (grantRefused(err)) throw new QboGrantError('QuickBooks refused the authorization code.');
    throw err;
  }
}

export async function refreshTokens(config: QboConfig, redirectUri: string, refreshToken: string): Promise<Tokens> {
  const oauth = client(config, redirectUri);
  try {
    const res = await oauth.refreshUsingToken(refreshToken);
    return tokensOf(res.getJson());
  } catch (err) {
    if (grantRefused(err)) throw new QboGrantError('QuickBooks refused the refresh token.');
    throw err;
  }
}

export async function revokeToken(config: QboConfig, redirectUri: string, refreshToken: string): Promise<void> {
  await client(config, redirectUri).revoke({ refresh_token: refreshToken });
}

export type QboEntity = { Id: string; SyncToken?: string; [key: string]: unknown };

/** One company's v3 API, with a valid access token. */
export class QboApi {
  private readonly base: string;
  constructor(
    config: QboConfig,
    private readonly realmId: string,
    private readonly accessToken: string,
  ) {
    this.base = `${(config.baseUrl ?? API[config.environment]).replace(/\/$/, '')}/v3/company/${encodeURIComponent(realmId)}`;
  }

  private async call(method: 'GET' | 'POST', path: string, params: Record<string, string>, body?: unknown): Promise<any> {
    const url = `${this.base}/${path}?${new URLSearchParams({ ...params, minorversion: MINOR_VERSION })}`;
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.accessToken}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as any;
    if (res.status === 401) throw new QboApiError('QuickBooks did not accept the access token.', 401);
    if (!res.ok || json?.Fault) {
      const first = json?.Fault?.Error?.[0];
      throw new QboApiError(first?.Detail ?? first?.Message ?? `QuickBooks answered ${res.status}.`, res.status);
    }
    return json;
  }

  /** A QuickBooks query (its SQL-like language); all pages up to `max` rows. */
  async query(entity: string, where = '', max = 1000): Promise<QboEntity[]> {
    const rows: QboEntity[] = [];
    for (let start = 1; rows.length < max; start += 1000) {
      const q = `select * from ${entity}${where ? ` where ${where}` : ''} startposition ${start} maxresults 1000`;
      const json = await this.call('GET', 'query', { query: q });
      const page = (json?.QueryResponse?.[entity] ?? []) as QboEntity[];
      rows.push(...page);
      if (page.length < 1000) break;
    }
    return rows;
  }

  async read(entity: string, id: string): Promise<QboEntity> {
    const json = await this.call('GET', `${entity.toLowerCase()}/${encodeURIComponent(id)}`, {});
    return json[entity] as QboEntity;
  }

  /**
   * Creates (or, with Id and SyncToken, sparse-updates) an entity. `requestId` is QuickBooks' idempotency key: the
   * same id sent twice returns the first answer instead of creating again, which covers a crash between the create
   * and our sync log's write.
   */
  async save(entity: string, body: Record<string, unknown>, requestId: string): Promise<QboEntity> {
    const json = await this.call('POST', entity.toLowerCase(), { requestid: requestId }, body);
    return json[entity] as QboEntity;
  }

  get realm(): string {
    return this.realmId;
  }
}
