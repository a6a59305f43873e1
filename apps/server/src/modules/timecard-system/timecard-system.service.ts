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
  landingUrl,
  oauthIntegration,
  redirectUriOf,
  returnPathOf,
  sealTokens,
  settingsOf,
  withRetriedApi,
} from '../integrations/integrations.oauth.js';
import { tenants } from '../tenants/tenants.table.js';
import { authorizeUri, exchangeCode, QbtApi, QbtApiError, QbtGrantError, refreshTokens, revokeToken } from './timecard-system.qbt.js';
import { TIMECARD_SYSTEM_MESSAGES as M, QUICKBOOKS_TIME, type TimecardConnectionEvent } from './timecard-system.rules.js';
import { timecardSystemConnections, timecardSystemMappings } from './timecard-system.table.js';

export type { ConnectionResult };

/** The company's QuickBooks Time connection; the callback lands on the timecard-system dialog with qbt=…. */
const QBT = oauthIntegration(timecardSystemConnections, {
  callbackPath: '/api/qbt/callback',
  param: 'qbt',
  settingsPath: '/dashboard?settings=true&component=company-setup&dialog=timecard-system-dialog',
  badRedirect: M.badRedirect,
});

export const QBT_CALLBACK_PATH = QBT.callbackPath;
const qbtOf = (config: Config) => settingsOf(config.qbt, M.notConfigured);

const forgotten = { access_token: null, refresh_token: null, access_expires_at: null };

/** Spec §7 timecardSystemConnection: connect answers redirect_uri, check 'Connected' or the reason, disconnect revokes. */
export async function timecardSystemConnection(
  tx: Tx,
  config: Config,
  tenant: string,
  employeeId: number,
  event: TimecardConnectionEvent,
  redirectUri?: string | null,
): Promise<ConnectionResult> {
  return connectionEvent(event, {
    connect: async () => {
      const qbt = qbtOf(config);
      const back = returnPathOf(config, QBT, redirectUri);
      return authorizeUri(qbt, redirectUriOf(config, QBT), await beginConnect(tx, QBT, tenant, employeeId, back));
    },
    check: () => checkConnection(() => withApi(tx, config, tenant, (api) => api.currentUser()), QbtApiError, M.unreachable),
    disconnect: async () => {
      const qbt = qbtOf(config);
      const revoke = (token: string) => revokeToken(qbt, token);
      await disconnect(tx, config, QBT, tenant, revoke, {
        ...forgotten,
        remote_company_id: null,
        connected_on: null,
        disconnected_reason: null,
      });
      return M.disconnectedDone;
    },
  });
}

/**
 * GET /api/qbt/callback: QuickBooks Time sends the admin back with code and state; then the code becomes tokens,
 * stored encrypted, for the grant's company. Answers where to send the browser: the timecard-system dialog (or the
 * page connect named), with qbt=connected|denied|error.
 */
export async function completeConnect(db: Db, config: Config, query: Record<string, unknown>, log: (err: unknown) => void) {
  const qbt = config.qbt;
  if (!qbt) return landingUrl(config, QBT, 'error');
  return completeOAuth(db, config, QBT, query, {
    accepts: (code) => code.length <= 512,
    exchange: (code) => exchangeCode(qbt, redirectUriOf(config, QBT), code),
    log,
    store: (tenant, tokens) =>
      withTenant(db, tenant, async (tx) => {
        const before = await QBT.read(tx, tenant);
        // Links made for another QuickBooks Time company point at ids that mean nothing in this one.
        if (before?.mapped_company_id && tokens.company_id && before.mapped_company_id !== tokens.company_id) {
          await tx.delete(timecardSystemMappings).where(eq(timecardSystemMappings.tenant_uuid, tenant));
        }
        await QBT.upsert(tx, tenant, {
          ...sealTokens(config, tokens),
          remote_company_id: tokens.company_id,
          mapped_company_id: tokens.company_id,
          connected_on: new Date().toISOString(),
          disconnected_reason: null,
        });
        await tx
          .update(tenants)
          .set({ timecardsystems_id: QUICKBOOKS_TIME.id })
          .where(and(eq(tenants.tenant_uuid, tenant), sql`${tenants.timecardsystems_id} is null`));
      }),
  });
}

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
async function access(tx: Tx, config: Config, tenant: string, force = false): Promise<Access<QbtApi>> {
  const qbt = config.qbt;
  if (!qbt) return { message: M.notConfigured };
  const row = await QBT.read(tx, tenant);
  if (row?.disconnected_reason) return { message: M.expired };
  if (!row || !hasTokens(row)) return { message: M.notConnected };
  return freshAccess(tx, config, QBT, tenant, row, force, {
    refresh: (token) => refreshTokens(qbt, token),
    seal: (tokens) => sealTokens(config, tokens),
    GrantError: QbtGrantError,
    refused: async (err) => {
      await QBT.upsert(tx, tenant, { ...forgotten, disconnected_reason: err.message || 'invalid_grant' });
      return M.expired;
    },
    unreachable: M.unreachable,
    api: (token) => new QbtApi(qbt, token),
  });
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
export function withApi<T>(tx: Tx, config: Config, tenant: string, fn: (api: QbtApi) => Promise<T>): Promise<T | { message: string }> {
  return withRetriedApi((force) => access(tx, config, tenant, force), QbtApiError, fn);
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
  const row = await QBT.read(tx, tenant);
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
  if (id !== 0 && id !== QUICKBOOKS_TIME.id) throw new AppError('VALIDATION', fromText(M.unknownSystem));
  await tx
    .update(tenants)
    .set({ timecardsystems_id: id === 0 ? null : id })
    .where(eq(tenants.tenant_uuid, tenant));
  return { timecardsystems_id: id === 0 ? null : id, timecardsystems_title: id === 0 ? null : QUICKBOOKS_TIME.title };
}
