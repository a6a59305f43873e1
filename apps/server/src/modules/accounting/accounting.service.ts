import { type ConnectionEvent, ACCOUNTING_MESSAGES as M, QUICKBOOKS_ONLINE } from '@groundwork/core/accounting';
import { fromText } from '@groundwork/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import {
  type Access,
  beginConnect,
  type ConnectionResult,
  checkConnection,
  completeConnect as completeOAuth,
  connectionEvent,
  disconnect,
  freshAccess,
  hasTokens,
  inSeconds,
  landingUrl,
  oauthIntegration,
  redirectUriOf,
  returnPathOf,
  sealTokens,
  settingsOf,
  withRetriedApi,
} from '../integrations/integrations.oauth.js';
import { tenants } from '../tenants/tenants.table.js';
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

export type { ConnectionResult };

/** The company's QuickBooks Online connection; the callback lands on the accounting-system dialog with qbo=…. */
const QBO = oauthIntegration(accountingConnections, {
  callbackPath: '/api/qbo/callback',
  param: 'qbo',
  settingsPath: '/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog',
  badRedirect: M.badRedirect,
});

export const QBO_CALLBACK_PATH = QBO.callbackPath;
const qboOf = (config: Config) => settingsOf(config.qbo, M.notConfigured);

const sealed = (config: Config, tokens: Tokens) => ({
  ...sealTokens(config, tokens),
  refresh_expires_at: inSeconds(tokens.x_refresh_token_expires_in),
});

/** QuickBooks refused our grant: forget the tokens and raise the company's flag (the admins' next start shows it). */
async function markDisconnected(tx: Tx, tenant: string, reason: string) {
  await QBO.upsert(tx, tenant, {
    access_token: null,
    refresh_token: null,
    access_expires_at: null,
    refresh_expires_at: null,
    qbo_disconnected: true,
    disconnected_reason: reason,
  });
}

/** Spec §7 accountingSystemConnection: connect answers redirect_uri, check 'Connected' or the reason, disconnect revokes. */
export async function accountingSystemConnection(
  tx: Tx,
  config: Config,
  tenant: string,
  employeeId: number,
  event: ConnectionEvent,
  redirectUri?: string | null,
): Promise<ConnectionResult> {
  return connectionEvent(event, {
    connect: async () => {
      const back = returnPathOf(config, QBO, redirectUri);
      const qbo = qboOf(config);
      return authorizeUri(qbo, redirectUriOf(config, QBO), await beginConnect(tx, QBO, tenant, employeeId, back));
    },
    check: () => checkConnection(() => withApi(tx, config, tenant, (api) => api.query('CompanyInfo')), QboApiError, M.unreachable),
    disconnect: async () => {
      const qbo = qboOf(config);
      const revoke = (token: string) => revokeToken(qbo, redirectUriOf(config, QBO), token);
      await disconnect(tx, config, QBO, tenant, revoke, {
        realm_id: null,
        access_token: null,
        refresh_token: null,
        access_expires_at: null,
        refresh_expires_at: null,
        connected_on: null,
        qbo_disconnected: false,
        disconnected_reason: null,
      });
      return M.disconnectedDone;
    },
  });
}

/**
 * GET /api/qbo/callback: QuickBooks sends the admin back with code, state and realmId; then the code becomes tokens,
 * stored encrypted, for that QuickBooks company. Answers where to send the browser (qbo=connected, denied or error).
 */
export async function completeConnect(db: Db, config: Config, query: Record<string, unknown>, log: (err: unknown) => void) {
  const qbo = config.qbo;
  if (!qbo) return landingUrl(config, QBO, 'error');
  const realmId = typeof query.realmId === 'string' ? query.realmId : '';
  return completeOAuth(db, config, QBO, query, {
    accepts: () => /^\d{1,32}$/.test(realmId),
    exchange: (code) => exchangeCode(qbo, redirectUriOf(config, QBO), code, realmId),
    log,
    store: async (tenant, tokens) => {
      await withTenant(db, tenant, async (tx) => {
        const before = await QBO.read(tx, tenant);
        // Links made for another QuickBooks company point at ids that mean nothing in this one.
        if (before?.mapped_realm_id && before.mapped_realm_id !== realmId) {
          await tx.delete(accountingMappings).where(eq(accountingMappings.tenant_uuid, tenant));
        }
        await QBO.upsert(tx, tenant, {
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
    },
  });
}

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
async function access(tx: Tx, config: Config, tenant: string, force = false): Promise<Access<QboApi>> {
  const qbo = config.qbo;
  if (!qbo) return { message: M.notConfigured };
  const row = await QBO.read(tx, tenant);
  if (row?.qbo_disconnected) return { message: M.disconnected };
  if (!row?.realm_id || !hasTokens(row)) return { message: M.notConnected };
  const realmId = row.realm_id;
  return freshAccess(tx, config, QBO, tenant, row, force, {
    refresh: (token) => refreshTokens(qbo, redirectUriOf(config, QBO), token),
    seal: (tokens) => sealed(config, tokens),
    GrantError: QboGrantError,
    refused: async () => {
      await markDisconnected(tx, tenant, 'invalid_grant');
      return M.disconnected;
    },
    unreachable: M.unreachable,
    api: (token) => new QboApi(qbo, realmId, token),
  });
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
export function withApi<T>(tx: Tx, config: Config, tenant: string, fn: (api: QboApi) => Promise<T>): Promise<T | { message: string }> {
  return withRetriedApi((force) => access(tx, config, tenant, force), QboApiError, fn);
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
  const row = await QBO.read(tx, tenant);
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
    throw new AppError('VALIDATION', fromText(M.unknownSystem));
  }
  await tx
    .update(tenants)
    .set({ accountingsystems_id: id === 0 ? null : id })
    .where(eq(tenants.tenant_uuid, tenant));
  return { accounting_system_id: id === 0 ? null : id, accounting_system_title: id === 0 ? null : QUICKBOOKS_ONLINE.title };
}
