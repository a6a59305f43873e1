import { createHash, randomBytes } from 'node:crypto';
import { CONNECTED } from '@groundwork/core/accounting';
import { and, eq, sql } from 'drizzle-orm';
import type { Config, QbtConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import { decryptSecret, encryptSecret } from '../accounting/accounting.crypto.js';
import { tenants } from '../tenants/tenants.table.js';
import {
  authorizeUri,
  exchangeCode,
  QbtApi,
  QbtApiError,
  QbtGrantError,
  type QbtTokens,
  refreshTokens,
  revokeToken,
} from './timecard-system.qbt.js';
import { TIMECARD_SYSTEM_MESSAGES as M, QUICKBOOKS_TIME, type TimecardConnectionEvent } from './timecard-system.rules.js';
import { timecardSystemConnections, timecardSystemMappings } from './timecard-system.table.js';

export const QBT_CALLBACK_PATH = '/api/qbt/callback';
const STATE_TTL_MS = 10 * 60 * 1000;
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const SETTINGS_PATH = '/dashboard?settings=true&component=company-setup&dialog=timecard-system-dialog';

export type Connection = typeof timecardSystemConnections.$inferSelect;

export const redirectUriOf = (config: Config) => `${config.appOrigin}${QBT_CALLBACK_PATH}`;
const settingsUrl = (config: Config, result: string, back = SETTINGS_PATH) => {
  const url = new URL(back, config.appOrigin);
  url.searchParams.set('qbt', result);
  return url.toString();
};
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const qbtOf = (config: Config): QbtConfig => {
  if (!config.qbt) throw new AppError('VALIDATION', M.notConfigured);
  return config.qbt;
};

/** The page to come back to after consent: a path of this app only (never another site). */
function returnPathOf(config: Config, redirectUri: string | null | undefined): string {
  if (!redirectUri) return SETTINGS_PATH;
  let url: URL;
  try {
    url = new URL(redirectUri, config.appOrigin);
  } catch {
    throw new AppError('VALIDATION', M.badRedirect);
  }
  if (url.origin !== config.appOrigin || redirectUri.length > 1000) throw new AppError('VALIDATION', M.badRedirect);
  url.searchParams.delete('qbt');
  return `${url.pathname}${url.search}`;
}

export async function readConnection(tx: Tx, tenant: string): Promise<Connection | null> {
  const [row] = await tx.select().from(timecardSystemConnections).where(eq(timecardSystemConnections.tenant_uuid, tenant));
  return row ?? null;
}

async function upsertConnection(tx: Tx, tenant: string, set: Partial<Connection>) {
  await tx
    .insert(timecardSystemConnections)
    .values({ tenant_uuid: tenant, ...set })
    .onConflictDoUpdate({ target: timecardSystemConnections.tenant_uuid, set: { ...set, updated_on: sql`now()` } });
}

const sealed = (config: Config, tokens: QbtTokens): Partial<Connection> => ({
  access_token: encryptSecret(config.encryptionKey, tokens.access_token),
  refresh_token: encryptSecret(config.encryptionKey, tokens.refresh_token),
  access_expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
});

const forgotten: Partial<Connection> = { access_token: null, refresh_token: null, access_expires_at: null };

export type ConnectionResult = { message: string | null; redirect_uri: string | null };

/** Spec §7 timecardSystemConnection: connect answers redirect_uri, check 'Connected' or the reason, disconnect revokes. */
export async function timecardSystemConnection(
  tx: Tx,
  config: Config,
  tenant: string,
  employeeId: number,
  event: TimecardConnectionEvent,
  redirectUri?: string | null,
): Promise<ConnectionResult> {
  if (event === 'connect') {
    const qbt = qbtOf(config);
    const back = returnPathOf(config, redirectUri);
    const state = `${tenant}.${randomBytes(24).toString('base64url')}.${Buffer.from(back).toString('base64url')}`;
    await upsertConnection(tx, tenant, {
      oauth_state: hash(state),
      oauth_state_expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
      connected_by: employeeId,
    });
    return { message: null, redirect_uri: authorizeUri(qbt, redirectUriOf(config), state) };
  }
  if (event === 'check') return { message: await check(tx, config, tenant), redirect_uri: null };
  return { message: await disconnect(tx, config, tenant), redirect_uri: null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/qbt/callback: QuickBooks Time sends the admin back with code and state. The state must be the one this
 * company's connect stored (once, within 10 minutes); then the code becomes tokens, stored encrypted. Answers where
 * to send the browser: the timecard-system dialog (or the page connect named), with qbt=connected|denied|error.
 */
export async function completeConnect(db: Db, config: Config, query: Record<string, unknown>, log: (err: unknown) => void) {
  const { code, state, error } = query;
  if (!config.qbt) return settingsUrl(config, 'error');
  const [tenant, , encodedBack] = typeof state === 'string' ? state.split('.') : [];
  if (!tenant || !UUID.test(tenant) || typeof state !== 'string') return settingsUrl(config, 'error');
  const claimed = await withTenant(db, tenant, async (tx) => {
    const row = await readConnection(tx, tenant);
    const valid = row?.oauth_state === hash(state) && row.oauth_state_expires_at && Date.parse(row.oauth_state_expires_at) > Date.now();
    if (!row || !valid) return false;
    await upsertConnection(tx, tenant, { oauth_state: null, oauth_state_expires_at: null });
    return true;
  });
  if (!claimed) return settingsUrl(config, 'error');
  const back = encodedBack ? Buffer.from(encodedBack, 'base64url').toString('utf8') : SETTINGS_PATH;
  if (error || typeof code !== 'string' || code.length > 512) {
    return settingsUrl(config, error === 'access_denied' ? 'denied' : 'error', back);
  }
  let tokens: QbtTokens;
  try {
    tokens = await exchangeCode(config.qbt, redirectUriOf(config), code);
  } catch (err) {
    log(err);
    return settingsUrl(config, 'error', back);
  }
  await withTenant(db, tenant, async (tx) => {
    const before = await readConnection(tx, tenant);
    // Links made for another QuickBooks Time company point at ids that mean nothing in this one.
    if (before?.mapped_company_id && tokens.company_id && before.mapped_company_id !== tokens.company_id) {
      await tx.delete(timecardSystemMappings).where(eq(timecardSystemMappings.tenant_uuid, tenant));
    }
    await upsertConnection(tx, tenant, {
      ...sealed(config, tokens),
      remote_company_id: tokens.company_id,
      mapped_company_id: tokens.company_id,
      connected_on: new Date().toISOString(),
      disconnected_reason: null,
    });
    await tx
      .update(tenants)
      .set({ timecardsystems_id: QUICKBOOKS_TIME.id })
      .where(and(eq(tenants.tenant_uuid, tenant), sql`${tenants.timecardsystems_id} is null`));
  });
  return settingsUrl(config, 'connected', back);
}

type Access = { api: QbtApi } | { message: string };

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
async function access(tx: Tx, config: Config, tenant: string, force = false): Promise<Access> {
  if (!config.qbt) return { message: M.notConfigured };
  const row = await readConnection(tx, tenant);
  if (row?.disconnected_reason) return { message: M.expired };
  if (!row?.refresh_token || !row.access_token) return { message: M.notConnected };
  let accessToken = decryptSecret(config.encryptionKey, row.access_token);
  const due = !row.access_expires_at || Date.parse(row.access_expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (force || due) {
    try {
      const tokens = await refreshTokens(config.qbt, decryptSecret(config.encryptionKey, row.refresh_token));
      await upsertConnection(tx, tenant, sealed(config, tokens));
      accessToken = tokens.access_token;
    } catch (err) {
      if (!(err instanceof QbtGrantError)) return { message: M.unreachable };
      await upsertConnection(tx, tenant, { ...forgotten, disconnected_reason: err.message || 'invalid_grant' });
      return { message: M.expired };
    }
  }
  return { api: new QbtApi(config.qbt, accessToken) };
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
export async function withApi<T>(
  tx: Tx,
  config: Config,
  tenant: string,
  fn: (api: QbtApi) => Promise<T>,
): Promise<T | { message: string }> {
  const first = await access(tx, config, tenant);
  if ('message' in first) return first;
  try {
    return await fn(first.api);
  } catch (err) {
    if (!(err instanceof QbtApiError) || err.status !== 401) throw err;
    const again = await access(tx, config, tenant, true);
    if ('message' in again) return again;
    return fn(again.api);
  }
}

async function check(tx: Tx, config: Config, tenant: string): Promise<string> {
  try {
    const result = await withApi(tx, config, tenant, (api) => api.currentUser());
    return typeof result === 'object' && result && 'message' in result ? result.message : CONNECTED;
  } catch (err) {
    return err instanceof QbtApiError ? err.message : M.unreachable;
  }
}

async function disconnect(tx: Tx, config: Config, tenant: string): Promise<string> {
  const qbt = qbtOf(config);
  const row = await readConnection(tx, tenant);
  if (row?.refresh_token) {
    // Revoking at QuickBooks Time is best effort: the tokens are forgotten here either way.
    await revokeToken(qbt, decryptSecret(config.encryptionKey, row.refresh_token)).catch(() => undefined);
  }
  await upsertConnection(tx, tenant, {
    ...forgotten,
    remote_company_id: null,
    connected_on: null,
    disconnected_reason: null,
    oauth_state: null,
    oauth_state_expires_at: null,
  });
  return M.disconnectedDone;
}

export type TimecardSystemStatus = {
  configured: boolean;
  connected: boolean;
  disconnected_reason: string | null;
  connected_on: string | null;
  timecardsystems_id: number | null;
};

/** What the dialog reads, without calling QuickBooks Time. */
export async function timecardSystemStatus(tx: Tx, config: Config, tenant: string): Promise<TimecardSystemStatus> {
  const row = await readConnection(tx, tenant);
  const [company] = await tx.select({ id: tenants.timecardsystems_id }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  return {
    configured: Boolean(config.qbt),
    connected: Boolean(row?.refresh_token && !row.disconnected_reason),
    disconnected_reason: row?.disconnected_reason ? M.expired : null,
    connected_on: row?.connected_on ?? null,
    timecardsystems_id: company?.id ?? null,
  };
}

/** Spec §7 setTimecardSystem (timecardsystems_id): 0 clears it; otherwise it must be a system we integrate with. */
export async function setTimecardSystem(tx: Tx, tenant: string, id: number) {
  if (id !== 0 && id !== QUICKBOOKS_TIME.id) throw new AppError('VALIDATION', M.unknownSystem);
  await tx
    .update(tenants)
    .set({ timecardsystems_id: id === 0 ? null : id })
    .where(eq(tenants.tenant_uuid, tenant));
  return { timecardsystems_id: id === 0 ? null : id, timecardsystems_title: id === 0 ? null : QUICKBOOKS_TIME.title };
}
