import { createHash, randomBytes } from 'node:crypto';
import { CONNECTED } from '@groundwork/core/accounting';
import { fromText } from '@groundwork/core/messages';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import { decryptSecret, encryptSecret } from './integrations.crypto.js';

/**
 * The OAuth 2 connection steps both QuickBooks integrations take (issue 23): the one-time state of a connect, the
 * callback's claim of it, sealed tokens refreshed a little early, one retry after a 401, the check and the
 * disconnect. What differs (endpoints, the remote company, how a refused grant is recorded, the messages) stays in
 * each module's service and reaches these steps as arguments.
 */

const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh a little before the access token's hour is up, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** What the steps read and write of a connection row; each integration's table has these columns and more. */
export type OAuthRow = {
  access_token: string | null;
  refresh_token: string | null;
  access_expires_at: string | null;
  oauth_state: string | null;
  oauth_state_expires_at: string | null;
  connected_by: number | null;
};
type ConnectionTable = PgTable & { tenant_uuid: PgColumn; $inferSelect: OAuthRow };

/** One integration's connection: its table (one row per company) and where its callback sends the admin back. */
export type OAuthIntegration<Row extends OAuthRow = OAuthRow> = {
  read(tx: Tx, tenant: string): Promise<Row | null>;
  upsert(tx: Tx, tenant: string, set: Partial<Row>): Promise<void>;
  /** Our callback's path, as registered with the provider (its redirect_uri). */
  callbackPath: string;
  /** The query parameter the callback's outcome rides on (connected, denied or error). */
  param: string;
  /** The integration's dialog: where the admin lands unless connect named another page of the app. */
  settingsPath: string;
  badRedirect: string;
};

export function oauthIntegration<Table extends ConnectionTable>(
  table: Table,
  pages: Pick<OAuthIntegration, 'callbackPath' | 'param' | 'settingsPath' | 'badRedirect'>,
): OAuthIntegration<Table['$inferSelect']> {
  type Row = Table['$inferSelect'];
  return {
    ...pages,
    async read(tx, tenant) {
      const [row] = (await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.tenant_uuid, tenant))) as Row[];
      return row ?? null;
    },
    async upsert(tx, tenant, set) {
      await tx
        .insert(table)
        .values({ tenant_uuid: tenant, ...set } as Table['$inferInsert'])
        .onConflictDoUpdate({ target: table.tenant_uuid, set: { ...set, updated_on: sql`now()` } });
    },
  };
}

/** The redirect_uri the provider sends the admin back to. */
export const redirectUriOf = (config: Config, integration: OAuthIntegration) => `${config.appOrigin}${integration.callbackPath}`;

/** The integration's server settings, or VALIDATION when this server has none. */
export function settingsOf<T>(settings: T | undefined, notConfigured: string): T {
  if (!settings) throw new AppError('VALIDATION', fromText(notConfigured));
  return settings;
}

/** Where the admin lands after consent: the page connect was asked from (same origin only), or the dialog. */
export function landingUrl(config: Config, integration: OAuthIntegration, result: string, back = integration.settingsPath) {
  const url = new URL(back, config.appOrigin);
  url.searchParams.set(integration.param, result);
  return url.toString();
}

/**
 * Spec §7 'connect (with redirect_uri)': the page the app wants the admin returned to. Only a path on this app's own
 * origin is taken (never another site: an open redirect); anything else is a VALIDATION error.
 */
export function returnPathOf(config: Config, integration: OAuthIntegration, redirectUri: string | null | undefined): string {
  if (!redirectUri) return integration.settingsPath;
  let url: URL;
  try {
    url = new URL(redirectUri, config.appOrigin);
  } catch {
    throw new AppError('VALIDATION', fromText(integration.badRedirect));
  }
  if (url.origin !== config.appOrigin || redirectUri.length > 1000) throw new AppError('VALIDATION', fromText(integration.badRedirect));
  url.searchParams.delete(integration.param);
  return `${url.pathname}${url.search}`;
}

/** Stores a new one-time state for a connect and answers it, for the consent page's URL. */
export async function beginConnect(
  tx: Tx,
  integration: OAuthIntegration,
  tenant: string,
  employeeId: number,
  back: string,
): Promise<string> {
  // The company travels in the state so the callback can open its walled transaction; the random part is checked
  // there, and the page to return to rides along (the whole state is compared, so it cannot be swapped).
  const state = `${tenant}.${randomBytes(24).toString('base64url')}.${Buffer.from(back).toString('base64url')}`;
  await integration.upsert(tx, tenant, {
    oauth_state: hash(state),
    oauth_state_expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
    connected_by: employeeId,
  });
  return state;
}

export type CallbackSteps<Tokens> = {
  /** Whether the callback's code (and whatever else the exchange needs) is acceptable. */
  accepts: (code: string) => boolean;
  exchange: (code: string) => Promise<Tokens>;
  /** Keeps the tokens (in the company's own walled transactions); runs only after the state was claimed. */
  store: (tenant: string, tokens: Tokens) => Promise<void>;
  log: (err: unknown) => void;
};

/**
 * The OAuth callback: the state must be the one this company's connect stored (once, within 10 minutes); then the
 * code becomes tokens. Answers where to send the browser, with <param>=connected|denied|error.
 */
export async function completeConnect<Tokens>(
  db: Db,
  config: Config,
  integration: OAuthIntegration,
  query: Record<string, unknown>,
  steps: CallbackSteps<Tokens>,
): Promise<string> {
  const { code, state, error } = query;
  const [tenant, , encodedBack] = typeof state === 'string' ? state.split('.') : [];
  if (!tenant || !UUID.test(tenant) || typeof state !== 'string') return landingUrl(config, integration, 'error');
  const claimed = await withTenant(db, tenant, async (tx) => {
    const row = await integration.read(tx, tenant);
    const valid = row?.oauth_state === hash(state) && row.oauth_state_expires_at && Date.parse(row.oauth_state_expires_at) > Date.now();
    if (!row || !valid) return false;
    await integration.upsert(tx, tenant, { oauth_state: null, oauth_state_expires_at: null });
    return true;
  });
  if (!claimed) return landingUrl(config, integration, 'error');
  const back = encodedBack ? Buffer.from(encodedBack, 'base64url').toString('utf8') : integration.settingsPath;
  if (error || typeof code !== 'string' || !steps.accepts(code)) {
    return landingUrl(config, integration, error === 'access_denied' ? 'denied' : 'error', back);
  }
  let tokens: Tokens;
  try {
    tokens = await steps.exchange(code);
  } catch (err) {
    steps.log(err);
    return landingUrl(config, integration, 'error', back);
  }
  await steps.store(tenant, tokens);
  return landingUrl(config, integration, 'connected', back);
}

export type GrantTokens = { access_token: string; refresh_token: string /** Seconds. */; expires_in: number };

export const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** The tokens as stored: encrypted, with the access token's expiry. */
export const sealTokens = (config: Config, tokens: GrantTokens) => ({
  access_token: encryptSecret(config.encryptionKey, tokens.access_token),
  refresh_token: encryptSecret(config.encryptionKey, tokens.refresh_token),
  access_expires_at: inSeconds(tokens.expires_in),
});

export type Access<Api> = { api: Api } | { message: string };
type Connected = OAuthRow & { access_token: string; refresh_token: string };
export const hasTokens = <Row extends OAuthRow>(row: Row): row is Row & Connected => Boolean(row.refresh_token && row.access_token);

/** A class of error, checked with instanceof (each adapter has its own). */
type ErrorClass<E extends Error = Error> = abstract new (...args: never[]) => E;

export type RefreshSteps<Tokens extends GrantTokens, Api> = {
  refresh: (refreshToken: string) => Promise<Tokens>;
  /** The rotated tokens as the integration's row keeps them. */
  seal: (tokens: Tokens) => Partial<OAuthRow>;
  /** The adapter's error for a refused grant (revoked or expired; only reconnecting helps). */
  GrantError: ErrorClass;
  /** Records the refused grant as the integration does and answers its message. */
  refused: (err: Error) => Promise<string>;
  unreachable: string;
  api: (accessToken: string) => Api;
};

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
export async function freshAccess<Tokens extends GrantTokens, Api>(
  tx: Tx,
  config: Config,
  integration: OAuthIntegration,
  tenant: string,
  row: Connected,
  force: boolean,
  steps: RefreshSteps<Tokens, Api>,
): Promise<Access<Api>> {
  let accessToken = decryptSecret(config.encryptionKey, row.access_token);
  const due = !row.access_expires_at || Date.parse(row.access_expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (force || due) {
    try {
      const tokens = await steps.refresh(decryptSecret(config.encryptionKey, row.refresh_token));
      await integration.upsert(tx, tenant, steps.seal(tokens));
      accessToken = tokens.access_token;
    } catch (err) {
      if (!(err instanceof steps.GrantError)) return { message: steps.unreachable };
      return { message: await steps.refused(err) };
    }
  }
  return { api: steps.api(accessToken) };
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
export async function withRetriedApi<Api, T>(
  access: (force: boolean) => Promise<Access<Api>>,
  ApiError: ErrorClass<Error & { status: number }>,
  fn: (api: Api) => Promise<T>,
): Promise<T | { message: string }> {
  const first = await access(false);
  if ('message' in first) return first;
  try {
    return await fn(first.api);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const again = await access(true);
    if ('message' in again) return again;
    return fn(again.api);
  }
}

/** 'Connected' when a harmless call goes through, else the reason (the adapter's own words when it gave some). */
export async function checkConnection(probe: () => Promise<unknown>, ApiError: ErrorClass, unreachable: string): Promise<string> {
  try {
    const result = await probe();
    return typeof result === 'object' && result && 'message' in result ? String(result.message) : CONNECTED;
  } catch (err) {
    return err instanceof ApiError ? err.message : unreachable;
  }
}

/** Revokes the grant (best effort: the tokens are forgotten here either way) and clears the connection. */
export async function disconnect<Row extends OAuthRow>(
  tx: Tx,
  config: Config,
  integration: OAuthIntegration<Row>,
  tenant: string,
  revoke: (refreshToken: string) => Promise<void>,
  cleared: Partial<Row>,
): Promise<void> {
  const row = await integration.read(tx, tenant);
  if (row?.refresh_token) await revoke(decryptSecret(config.encryptionKey, row.refresh_token)).catch(() => undefined);
  await integration.upsert(tx, tenant, { ...cleared, oauth_state: null, oauth_state_expires_at: null });
}

export type ConnectionResult = { message: string | null; redirect_uri: string | null };

/** Spec §7 connection events: connect answers redirect_uri (the consent page), check and disconnect a message. */
export async function connectionEvent(
  event: 'connect' | 'check' | 'disconnect',
  steps: { connect: () => Promise<string>; check: () => Promise<string>; disconnect: () => Promise<string> },
): Promise<ConnectionResult> {
  if (event === 'connect') return { message: null, redirect_uri: await steps.connect() };
  return { message: await steps[event](), redirect_uri: null };
}
