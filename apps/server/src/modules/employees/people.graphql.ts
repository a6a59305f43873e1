import { randomInt } from 'node:crypto';
import { atField, fromText, type Message, msg } from '@groundwork/core/messages';
import { COGNITO_STATUS, inviteEmail } from '@groundwork/core/people';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { enterTenant, type Rule, tenantMutation } from '../../graphql/gate.js';
import { IdentityError } from '../../identity/errors.js';
import type { Row } from '../../platform/realtime.js';
import { t as text } from '../../platform/texts.js';
import { tenants } from '../tenants/tenants.table.js';
import { lockAdmins, withAdminAccess } from './admins.js';
import { employeeOps } from './employees.graphql.js';
import { employees } from './employees.table.js';

type Employee = typeof employees.$inferSelect;

/** Inviting and removing people: people admins (spec §6). */
const INVITE: Rule = { area: 'people', action: 'write', changesAccess: true };
/** Making or unmaking global admins hands out admin_access: full admins only. */
const ADMINS_ONLY: Rule = { area: 'usergroups', action: 'write', changesAccess: true };

const validation = (message: Message, field?: string) => new AppError('VALIDATION', message, field ? { field } : {});
const conflict = (message: Message) => new AppError('CONFLICT', message);

// NO KEY UPDATE: serialises changes to the person without blocking inserts that merely reference the row
// (group memberships, time entries).
async function lockPerson(tx: Tx, tenantUuid: string, id: number): Promise<Employee> {
  const [person] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenantUuid), eq(employees.id, id)))
    .for('no key update');
  if (!person) throw notFound(msg('common.personNotFound'));
  return person;
}

function checkUsername(given: string | null | undefined, person: Employee) {
  const name = given?.trim().toLowerCase();
  if (!name) return;
  const known = [person.username, person.email].filter(Boolean).map((v) => (v as string).toLowerCase());
  if (!known.includes(name)) throw validation(msg('people.usernameMismatch'), 'username');
}

async function setAdmin(tx: Tx, tenantUuid: string, id: number, isAdmin: boolean): Promise<Row> {
  const [row] = await tx
    .update(employees)
    .set({ is_admin: isAdmin, updated_on: sql`now()` })
    .where(and(eq(employees.tenant_uuid, tenantUuid), eq(employees.id, id)))
    .returning();
  return row;
}

// --- Global admins ------------------------------------------------------------------------------

/**
 * Making or unmaking a global admin: the call names the person (and, when given, their username, which must match)
 * and answers the person as they now are. `change` decides when the person's row is locked (`named`).
 */
function globalAdminMutation(
  name: string,
  description: string,
  change: (tx: Tx, tenantUuid: string, named: () => Promise<Employee>) => Promise<Row>,
) {
  tenantMutation(name, ADMINS_ONLY, {
    type: employeeOps.objectRef,
    description,
    args: (t) => ({ employees_id: t.int({ required: true }), username: t.string({ required: false }) }),
    resolve: (args, { tx }) =>
      change(tx, args.tenant_uuid, async () => {
        const person = await lockPerson(tx, args.tenant_uuid, args.employees_id);
        checkUsername(args.username, person);
        return person;
      }),
  });
}

globalAdminMutation(
  'createGlobalAdmin',
  'Makes an active person a global admin (is_admin, which grants admin_access).',
  async (tx, tenantUuid, named) => {
    const person = await named();
    if (person.status !== 1) throw validation(msg('people.archived'), 'employees_id');
    return setAdmin(tx, tenantUuid, person.id, true);
  },
);

globalAdminMutation(
  'deleteGlobalAdmin',
  'Takes global admin away from a person; the last active admin cannot be removed.',
  async (tx, tenantUuid, named) => {
    // Admins first, then the person: the lock order lockAdmins keeps against deadlocks.
    const assertAnotherAdmin = await lockAdmins(tx, tenantUuid);
    const person = await named();
    assertAnotherAdmin([person.id]);
    return setAdmin(tx, tenantUuid, person.id, false);
  },
);

// --- Invitations ---------------------------------------------------------------------------------

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 14 characters from an unambiguous alphabet: about 80 bits, and easy to type from an e-mail. */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 14; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The checks an invitation makes before and again inside the transaction that links the account. */
async function checkInvite(tx: Tx, tenantUuid: string, person: Employee, email: string, accountId: string | null, callerIsAdmin: boolean) {
  // A people_admin must not be able to hand themselves the row of someone with admin access.
  if (!callerIsAdmin && (await withAdminAccess(tx, tenantUuid, [person.id])).length) throw forbidden();
  if (person.status !== 1) throw validation(msg('people.archived'), 'id');
  const linked = person.cognito_uuid && person.cognito_status !== COGNITO_STATUS.deleted ? person.cognito_uuid : null;
  // Checked before any account is made for a new address, so a wrong address never gets one.
  if (linked && linked !== accountId) throw conflict(msg('people.alreadySignedIn'));
  const others = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.tenant_uuid, tenantUuid),
        ne(employees.id, person.id),
        isNotNull(employees.cognito_uuid),
        accountId
          ? or(eq(employees.cognito_uuid, accountId), sql`lower(${employees.email}) = ${email}`)
          : sql`lower(${employees.email}) = ${email}`,
      ),
    )
    .limit(1);
  if (others.length) throw conflict(msg('people.emailLinkedElsewhere'));
}

builder.mutationField('inviteUser', (t) =>
  t.field({
    type: employeeOps.objectRef,
    description:
      'Gives a person a sign-in: a new address gets an account with an e-mailed temporary password that must be ' +
      'replaced at first sign-in; an existing account is linked and told it was added to the company. Inviting again ' +
      'a person who has not signed in yet (FORCE_CHANGE_PASSWORD) resends the invitation with a fresh temporary ' +
      'password; the old one stops working.',
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      id: t.arg.int({ required: true }),
      email: t.arg.string({ required: true }),
      username: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const tenant = args.tenant_uuid;
      const parsed = inviteEmail.safeParse(args.email);
      if (!parsed.success) throw validation(atField('email', fromText(parsed.error.issues[0]?.message ?? 'invalid')), 'email');
      const email = parsed.data;
      const username = args.username?.trim() || null;
      if (username && username.length > 256) throw validation(atField('username', msg('form.max', { max: 256 })), 'username');

      const existingAccount = () => ctx.accounts.byEmail(email);

      // 1. Who may invite, and whether this address may go to this person, before any account is made.
      let account = await existingAccount();
      const before = await enterTenant(ctx, tenant, INVITE, async ({ tx, member }) => {
        const person = await lockPerson(tx, tenant, args.id);
        await checkInvite(tx, tenant, person, email, account?.id ?? null, member.permissions.has(ADMIN_ACCESS));
        return person;
      });
      // Invited here already and still waiting for a first password: the invitation goes again, with a new one.
      const resend = Boolean(account?.mustChange && before.cognito_uuid === account.id && before.cognito_status === COGNITO_STATUS.invited);

      // 2. The account (global, outside the company's transaction); createInvitedUser mails a new one its password.
      let mailed = false;
      if (!account || resend) {
        try {
          const id = await ctx.identity.createInvitedUser({
            email,
            temporaryPassword: temporaryPassword(),
            resend,
            language: ctx.language,
          });
          account = (await existingAccount()) ?? { id, mustChange: true };
          mailed = true;
        } catch (e) {
          if (e instanceof IdentityError) throw validation(atField('email', fromText(e.message)), 'email');
          throw e;
        }
      }

      // 3. Link it in one transaction, checking again: someone may have linked the address meanwhile.
      const { row, company } = await enterTenant(ctx, tenant, INVITE, async ({ tx, member }) => {
        const person = await lockPerson(tx, tenant, args.id);
        await checkInvite(tx, tenant, person, email, account.id, member.permissions.has(ADMIN_ACCESS));
        let updated: Row[];
        try {
          updated = await tx
            .update(employees)
            .set({
              email: person.email?.trim() ? person.email : email,
              ...(username ? { username } : {}),
              cognito_uuid: account.id,
              // A new link is invited either way: whether the address already had an account is not the
              // inviter's to learn (it reads CONFIRMED once they sign in). A link that stands keeps its status.
              cognito_status: person.cognito_uuid === account.id && person.cognito_status ? person.cognito_status : COGNITO_STATUS.invited,
              updated_on: sql`now()`,
            })
            .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, person.id)))
            .returning();
        } catch (e) {
          const err = e as { code?: string; cause?: { code?: string } };
          if ((err.code ?? err.cause?.code) === '23505') throw conflict(msg('people.emailLinkedElsewhere'));
          throw e;
        }
        const [t] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
        return { row: updated[0], company: t?.company ?? 'Groundwork' };
      });

      if (!mailed) {
        // In their saved language; one who never chose gets the inviter's.
        const lang = (await ctx.accounts.languageOf(account.id)) ?? ctx.language ?? 'en';
        await ctx.mailer.send({
          to: email,
          subject: text(lang, 'people.added_subject', { company }),
          // Invited before and never signed in: their first invitation's temporary password still applies.
          text: text(lang, account.mustChange ? 'people.added_text_temporary' : 'people.added_text_usual', { company, email }),
        });
      }
      return row;
    },
  }),
);

builder.mutationField('removeUserFromTenant', (t) =>
  t.field({
    type: employeeOps.objectRef,
    description: "Ends a person's sign-in to the company (cognito_status Deleted, cognito_uuid cleared); their next request is refused.",
    args: { tenant_uuid: t.arg.id({ required: true }), id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, INVITE, async ({ tx, member }) => {
        const tenant = args.tenant_uuid;
        const assertAnotherAdmin = await lockAdmins(tx, tenant);
        const person = await lockPerson(tx, tenant, args.id);
        if (person.id === member.employeeId) throw validation(msg('people.removeSelf'), 'id');
        if (!member.permissions.has(ADMIN_ACCESS) && (await withAdminAccess(tx, tenant, [person.id])).length) throw forbidden();
        assertAnotherAdmin([person.id]);
        const [row] = await tx
          .update(employees)
          .set({ cognito_status: COGNITO_STATUS.deleted, cognito_uuid: null, logged_in: false, updated_on: sql`now()` })
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, person.id)))
          .returning();
        return row;
      }),
  }),
);
