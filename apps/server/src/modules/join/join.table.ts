import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, createdOn, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';

/**
 * A company's join links (issue 26): `/join?company=<code>`. The code is random and unguessable; rotating
 * replaces it, so the old one is unknown from then on; status 0 turns the link off. A public request finds
 * a link only by its exact code, and only while it is on (the join_code_lookup policy of migration 0015).
 */
export const joinLinks = pgTable(
  'join_links',
  {
    ...tenantKeyColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    status: activeStatus(),
    /** Joiners through this link become members at once, with `usergroup_ids`, instead of waiting. */
    auto_approve: boolean('auto_approve').notNull().default(false),
    /** The groups a joiner gets (on approval, or at once with auto_approve); groups gone by then are skipped. */
    usergroup_ids: integer('usergroup_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    // Codes are unique across companies: a code names exactly one company.
    uniqueIndex('join_links_code_idx').on(t.code),
  ],
);

/**
 * People who asked to join through a link and wait for a people admin. They are not employees: the tenant
 * gate, the claims and tenant selection never see them, so a pending person reaches nothing in the company.
 * Approval makes the employees row and deletes this one; declining deletes it.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    ...tenantKeyColumns(),
    join_links_id: integer('join_links_id').notNull(),
    cognito_uuid: text('cognito_uuid').notNull(),
    /** The address they signed in with (e-mail, or phone in E.164): where approval is announced. */
    username: text('username').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    created_on: createdOn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.join_links_id, joinLinks).onDelete('cascade'),
    // One pending request per person and company, however often they press the button.
    uniqueIndex('join_requests_identity_idx').on(t.tenant_uuid, t.cognito_uuid),
    index('join_requests_created_idx').on(t.tenant_uuid, t.created_on),
  ],
);
