import { randomBytes } from 'node:crypto';
import { COGNITO_STATUS } from '@groundwork/core/people';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { SmsSender } from '../../platform/sms.js';
import { joined, type Language, t as text } from '../../platform/texts.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { usergroups, usergroupUsers } from '../usergroups/usergroups.table.js';
import { joinLinks, joinRequests } from './join.table.js';

/** A new join code: 16 random bytes as base64url (22 characters, core JOIN_CODE). */
export const newJoinCode = () => randomBytes(16).toString('base64url');

export type FoundLink = {
  tenant_uuid: string;
  id: number;
  auto_approve: boolean;
  usergroup_ids: number[];
  company: string;
};

/**
 * The link a code names, with its company, or null. Runs as app_user with no tenant and no identity, only the
 * code (the join_code_lookup and join_code_company policies of migration 0015): it can see that one link while it
 * is on and that company's row, nothing else. A rotated, disabled or unknown code finds nothing, alike.
 */
export async function findLink(db: Db, code: string): Promise<FoundLink | null> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    await tx.execute(sql`select set_config('app.join_code', ${code}, true), set_config('role', 'app_user', true)`);
    const [row] = await tx
      .select({
        tenant_uuid: joinLinks.tenant_uuid,
        id: joinLinks.id,
        auto_approve: joinLinks.auto_approve,
        usergroup_ids: joinLinks.usergroup_ids,
        company: tenants.company,
      })
      .from(joinLinks)
      .innerJoin(tenants, eq(tenants.tenant_uuid, joinLinks.tenant_uuid))
      .where(and(eq(joinLinks.code, code), eq(joinLinks.status, 1), eq(tenants.status, 1)))
      .limit(1);
    return row ?? null;
  });
}

/** Who is joining: the account and the name they gave. */
export type Joiner = { cognito_uuid: string; username: string; firstname: string; lastname: string };

const isActive = or(isNull(employees.cognito_status), ne(employees.cognito_status, COGNITO_STATUS.deleted));

/** The person's active membership row in the company, if they have one already. */
export async function memberRow(tx: Tx, tenantUuid: string, identity: string): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenantUuid), eq(employees.cognito_uuid, identity), eq(employees.status, 1), isActive))
    .limit(1);
  return row;
}

/**
 * Makes the joiner a member (inside the company's walled transaction): a new person row linked to their account,
 * in the link's groups that still exist and are active. Someone already a member keeps their row as it is.
 */
export async function admit(
  tx: Tx,
  tenantUuid: string,
  joiner: Joiner,
  groupIds: readonly number[],
): Promise<{ id: number; created: boolean }> {
  const existing = await memberRow(tx, tenantUuid, joiner.cognito_uuid);
  if (existing) return { ...existing, created: false };
  const byEmail = joiner.username.includes('@');
  // A row still linked to this account but archived keeps the link: it is the same person coming back.
  const [archived] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenantUuid), eq(employees.cognito_uuid, joiner.cognito_uuid)))
    .limit(1);
  let id: number;
  if (archived) {
    await tx
      .update(employees)
      .set({ status: 1, cognito_status: COGNITO_STATUS.confirmed, updated_on: sql`now()` })
      .where(and(eq(employees.tenant_uuid, tenantUuid), eq(employees.id, archived.id)));
    id = archived.id;
  } else {
    const [row] = await tx
      .insert(employees)
      .values({
        tenant_uuid: tenantUuid,
        firstname: joiner.firstname,
        lastname: joiner.lastname,
        username: joiner.username,
        ...(byEmail ? { email: joiner.username } : { cellphone: joiner.username }),
        cognito_uuid: joiner.cognito_uuid,
        cognito_status: COGNITO_STATUS.confirmed,
      })
      .returning({ id: employees.id });
    id = row.id;
  }
  const wanted = [...new Set(groupIds)];
  if (wanted.length) {
    const live = await tx
      .select({ id: usergroups.id })
      .from(usergroups)
      .where(and(eq(usergroups.tenant_uuid, tenantUuid), inArray(usergroups.id, wanted), eq(usergroups.status, 1)));
    if (live.length) {
      await tx
        .insert(usergroupUsers)
        .values(live.map((g) => ({ tenant_uuid: tenantUuid, usergroups_id: g.id, employees_id: id })))
        .onConflictDoNothing();
    }
  }
  return { id, created: true };
}

/** Records a pending request; asking again changes nothing but the name they gave. */
export async function requestToJoin(tx: Tx, tenantUuid: string, linkId: number, joiner: Joiner): Promise<void> {
  await tx
    .insert(joinRequests)
    .values({ tenant_uuid: tenantUuid, join_links_id: linkId, ...joiner })
    .onConflictDoUpdate({
      target: [joinRequests.tenant_uuid, joinRequests.cognito_uuid],
      set: { firstname: joiner.firstname, lastname: joiner.lastname },
    });
}

/**
 * Tells an approved person, by e-mail or by text (whichever they sign in with), through the outbox: in their saved
 * language, or in English and Spanish both while they have none.
 */
export async function announceApproval(
  send: { mailer: Mailer; sms: SmsSender },
  to: string,
  company: string,
  appOrigin: string,
  lang: Language | null,
): Promise<void> {
  const link = `${appOrigin.replace(/\/$/, '')}/select-tenant`;
  const langs: Language[] = lang ? [lang] : ['en', 'es'];
  const texts = langs.map((l) => text(l, 'join.approved_text', { company, link }));
  if (to.includes('@')) {
    const subject = joined(
      langs.map((l) => text(l, 'join.approved_subject', { company })),
      ' / ',
    );
    await send.mailer.send({ to, subject, text: joined(texts, '\n\n') });
  } else if (!send.sms.unavailable) {
    await send.sms.send({ to, text: joined(texts, ' / ') });
  }
}
