import { createHash, randomBytes } from 'node:crypto';
import { CONNECTED, type ConnectionEvent, ACCOUNTING_MESSAGES as M, QUICKBOOKS_ONLINE } from '@groundwork/core/accounting';
import { and, eq, sql } from 'drizzle-orm';
import type { Config, QboConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import { tenants } from '../tenants/tenants.table.js';
import { decryptSecret, encryptSecret } from './accounting.crypto.js';
import {
  authorizeUri,
  exchangeCode,
  QboApi,
  QboApiError,
  QboGrantError,
  refreshTokens,
  revokeToken,
  type Tokens,
} from './accounting.qbo.js';
import { accountingConnections, accountingMappings } from './accounting.table.js';

export const QBO_CALLBACK_PATH = '/api/qbo/callback';
const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh a little before the access token's hour is up, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export type Connection = typeof accountingConnections.$inferSelect;

export const redirectUriOf = (config: Config) => `${config.appOrigin}${QBO_CALLBACK_PATH}`;
const SETTINGS_PATH = '/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog';
/** Where the admin lands after QuickBooks: the page connect was asked from (same origin only), or the dialog. */
const settingsUrl = (config: Config, result: string, back = SETTINGS_PATH) => {
  const url = new URL(back, config.appOrigin);
  url.searchParams.set('qbo', result);
  return url.toString();
};

/**
 * Spec §7 'connect (with redirect_uri)': the page the app wants the admin returned to. Only a path on this app's own
 * origin is taken (never another site: an open redirect); anything else is a VALIDATION error.
 */
export function returnPathOf(config: Config, redirectUri: string | null | undefined): string {
  if (!redirectUri) return SETTINGS_PATH;
  let url: URL;
  try {
    url = new URL(redirectUri, config.appOrigin);
  } catch {
    throw new AppError('VALIDATION', M.badRedirect);
  }
  if (url.origin !== config.appOrigin || redirectUri.length > 1000) throw new AppError('VALIDATION', M.badRedirect);
  url.searchParams.delete('qbo');
  return `${url.pathname}${url.search}`;
}
export const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
export const notConfigured = () => new AppError('VALIDATION', M.notConfigured);
export const qboOf = (config: Config): QboConfig => {
  if (!config.qbo) throw notConfigured();
  return config.qbo;
};

export async function readConnection(tx: Tx, tenant: string): Promise<Connection | null> {
  const [row] = await tx.select().from(accountingConnections).where(eq(accountingConnections.tenant_uuid, tenant));
  return row ?? null;
}

export async function upsertConnection(tx: Tx, tenant: string, set: Partial<Connection>) {
  await tx
    .insert(accountingConnections)
    .values({ tenant_uuid: tenant, ...set })
    .onConflictDoUpdate({ target: accountingConnections.tenant_uuid, set: { ...set, updated_on: sql`now()` } });
}

export const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

function sealed(config: Config, tokens: Tokens): Partial<Connection> {
  return {
    access_token: encryptSecret(config.encryptionKey, tokens.access_token),
    refresh_token: encryptSecret(config.encryptionKey, tokens.refresh_token),
    access_expires_at: inSeconds(tokens.expires_in),
    refresh_expires_at: inSeconds(tokens.x_refresh_token_expires_in),
  };
}

/** QuickBooks refused our grant: forget the tokens and raise the company's flag (the admins' next start shows it). */
export async function markDisconnected(tx: Tx, tenant: string, reason: string) {
  await upsertConnection(tx, tenant, {
    access_token: null,
    refresh_token: null,
    access_expires_at: null,
    refresh_expires_at: null,
    qbo_disconnected: true,
    disconnected_reason: reason,
  });
}

export type ConnectionResult = { message: string | null; redirect_uri: string | null };

/** Spec §7 accountingSystemConnection: connect answers redirect_uri, check 'Connected' or the reason, disconnect revokes. */
export async function accountingSystemConnection(
  tx: Tx,
  config: Config,
  tenant: string,
  employeeId: number,
  event: ConnectionEvent,
  redirectUri?: string | null,
): Promise<ConnectionResult> {
  if (event === 'connect') return connect(tx, config, tenant, employeeId, returnPathOf(config, redirectUri));
  if (event === 'check') return { message: await check(tx, config, tenant), redirect_uri: null };
  return { message: await disconnect(tx, config, tenant), redirect_uri: null };
}

async function connect(tx: Tx, config: Config, tenant: string, employeeId: number, back: string): Promise<ConnectionResult> {
  const qbo = qboOf(config);
  // The company travels in the state so the callback can open its walled transaction; the random part is checked
  // there, and the page to return to rides along (the whole state is compared, so it cannot be swapped).
  const state = `${tenant}.${randomBytes(24).toString('base64url')}.${Buffer.from(back).toString('base64url')}`;
  await upsertConnection(tx, tenant, {
    oauth_state: hash(state),
    oauth_state_expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
    connected_by: employeeId,
  });
  return { message: null, redirect_uri: authorizeUri(qbo, redirectUriOf(config), state) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/qbo/callback: QuickBooks sends the admin back with code, state and realmId. The state must be the one
 * this company's connect stored (once, within 10 minutes); then the code becomes tokens, stored encrypted.
 * Answers where to send the browser: the accounting-system dialog, with qbo=connected or qbo=error.
 */
export async function completeConnect(db: Db, config: Config, query: Record<string, unknown>, log: (err: unknown) => void) {
  const { code, state, realmId, error } = query;
  if (!config.qbo) return settingsUrl(config, 'error');
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
  if (error || typeof code !== 'string' || typeof realmId !== 'string' || !/^\d{1,32}$/.test(realmId)) {
    return settingsUrl(config, error === 'access_denied' ? 'denied' : 'error', back);
  }
  let tokens: Tokens;
  try {
    tokens = await exchangeCode(config.qbo, redirectUriOf(config), code, realmId);
  } catch (err) {
    log(err);
    return settingsUrl(config, 'error', back);
  }
  await withTenant(db, tenant, async (tx) => {
    const before = await readConnection(tx, tenant);
    // Links made for another QuickBooks company point at ids that mean nothing in this one.
    if (before?.mapped_realm_id && before.mapped_realm_id !== realmId) {
      await tx.delete(accountingMappings).where(eq(accountingMappings.tenant_uuid, tenant));
    }
    await upsertConnection(tx, tenant, {
      ...sealed(config, tokens),
      realm_id: realmId,
      mapped_realm_id: realmId,
      connected_on: new Date().toISOString(),
      qbo_disconnected: false,
      disconnected_reason: null,
    });
  });
  await withTenant(db, tenant, (tx) =>
    tx
      .update(tenants)
      .set({ accountingsystems_id: QUICKBOOKS_ONLINE.id })
      .where(and(eq(tenants.tenant_uuid, tenant), sql`${tenants.accountingsystems_id} is null`)),
  );
  return settingsUrl(config, 'connected', back);
}

type Access = { api: QboApi } | { message: string };

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
export async function access(tx: Tx, config: Config, tenant: string, force = false): Promise<Access> {
  if (!config.qbo) return { message: M.notConfigured };
  const row = await readConnection(tx, tenant);
  if (row?.qbo_disconnected) return { message: M.disconnected };
  if (!row?.realm_id || !row.refresh_token || !row.access_token) return { message: M.notConnected };
  let accessToken = decryptSecret(config.encryptionKey, row.access_token);
  const due = !row.access_expires_at || Date.parse(row.access_expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (force || due) {
    try {
      const tokens = await refreshTokens(config.qbo, redirectUriOf(config), decryptSecret(config.encryptionKey, row.refresh_token));
      await upsertConnection(tx, tenant, sealed(config, tokens));
      accessToken = tokens.access_token;
    } catch (err) {
      if (err instanceof QboGrantError) {
        await markDisconnected(tx, tenant, 'invalid_grant');
        return { message: M.disconnected };
      }
      return { message: M.unreachable };
    }
  }
  return { api: new QboApi(config.qbo, row.realm_id, accessToken) };
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
export async function withApi<T>(
  tx: Tx,
  config: Config,
  tenant: string,
  fn: (api: QboApi) => Promise<T>,
): Promise<T | { message: string }> {
  const first = await access(tx, config, tenant);
  if ('message' in first) return first;
  try {
    return await fn(first.api);
  } catch (err) {
    if (!(err instanceof QboApiError) || err.status !== 401) throw err;
    const again = await access(tx, config, tenant, true);
    if ('message' in again) return again;
    return fn(again.api);
  }
}

async function check(tx: Tx, config: Config, tenant: string): Promise<string> {
  try {
    const result = await withApi(tx, config, tenant, (api) => api.query('CompanyInfo'));
    return 'message' in result ? result.message : CONNECTED;
  } catch (err) {
    return err instanceof QboApiError ? err.message : M.unreachable;
  }
}

async function disconnect(tx: Tx, config: Config, tenant: string): Promise<string> {
  const qbo = qboOf(config);
  const row = await readConnection(tx, tenant);
  if (row?.refresh_token) {
    // Revoking at QuickBooks is best effort: the tokens are forgotten here either way.
    await revokeToken(qbo, redirectUriOf(config), decryptSecret(config.encryptionKey, row.refresh_token)).catch(() => undefined);
  }
  await upsertConnection(tx, tenant, {
    realm_id: null,
    access_token: null,
    refresh_token: null,
    access_expires_at: null,
    refresh_expires_at: null,
    connected_on: null,
    qbo_disconnected: false,
    disconnected_reason: null,
    oauth_state: null,
    oauth_state_expires_at: null,
  });
  return M.disconnectedDone;
}

export type AccountingStatus = {
  configured: boolean;
  connected: boolean;
  qbo_disconnected: boolean;
  realm_id: string | null;
  connected_on: string | null;
  accountingsystems_id: number | null;
};

/** What the dialog and the admins' start-up read, without calling QuickBooks. */
export async function accountingStatus(tx: Tx, config: Config, tenant: string): Promise<AccountingStatus> {
  const row = await readConnection(tx, tenant);
  const [company] = await tx.select({ id: tenants.accountingsystems_id }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  return {
    configured: Boolean(config.qbo),
    connected: Boolean(row?.refresh_token && row.realm_id && !row.qbo_disconnected),
    qbo_disconnected: row?.qbo_disconnected ?? false,
    realm_id: row?.realm_id ?? null,
    connected_on: row?.connected_on ?? null,
    accountingsystems_id: company?.id ?? null,
  };
}

/** Spec §7 setAccountingSystem. 0 clears it; otherwise the id and title must name a system we integrate with. */
export async function setAccountingSystem(tx: Tx, tenant: string, id: number, title: string) {
  if (id !== 0 && (id !== QUICKBOOKS_ONLINE.id || title.trim() !== QUICKBOOKS_ONLINE.title)) {
    throw new AppError('VALIDATION', M.unknownSystem);
  }
  await tx
    .update(tenants)
    .set({ accountingsystems_id: id === 0 ? null : id })
    .where(eq(tenants.tenant_uuid, tenant));
  return { accounting_system_id: id === 0 ? null : id, accounting_system_title: id === 0 ? null : QUICKBOOKS_ONLINE.title };
}
