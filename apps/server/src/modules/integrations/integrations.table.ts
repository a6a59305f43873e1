import { foreignKey, integer, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tenants.table.js';

/**
 * The columns and keys the OAuth integrations' tables share (QuickBooks Online in accounting, QuickBooks Time in
 * timecard-system). Each table still lists its own columns in its own file; these only spell the common ones once.
 */

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** The grant's tokens, AES-256-GCM ciphertexts (integrations.crypto.ts), never plain. */
export const oauthTokenColumns = () => ({
  access_token: text('access_token'),
  refresh_token: text('refresh_token'),
  access_expires_at: at('access_expires_at'),
});

export const connectedColumns = () => ({
  connected_on: at('connected_on'),
  connected_by: integer('connected_by'),
});

/** The one-time state of a connect in progress (stored hashed); the callback must bring it back before it expires. */
export const oauthStateColumns = () => ({
  oauth_state: text('oauth_state'),
  oauth_state_expires_at: at('oauth_state_expires_at'),
});

/** A company's rows go with the company. */
export const companyForeignKey = (t: { tenant_uuid: PgColumn }) =>
  foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade');
