import { atField, fromText, msg } from '@groundwork/core/messages';
import { nonEmptyProfileFields, PROFILE_FIELDS, profileUpdateSchema } from '@groundwork/core/profile';
import { and, eq, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import { type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { recordTopic } from '../../platform/realtime.js';
import { isLanguage } from '../../platform/texts.js';
import { employeeOps } from '../employees/employees.graphql.js';
import { employees } from '../employees/employees.table.js';

/**
 * Spec §3 profile fields; all optional, and empty ones leave the stored value as it is (spec §8). `language` is the
 * person's own (their account's, the same in every company): what the server writes to them in (issue 46).
 */
const EmployeeUserInfoInput = builder.inputType('EmployeeUserInfoInput', {
  description:
    "The signed-in person's own profile fields. trades is a JSON list of names, sent as a string. language ('en' or " +
    "'es') is saved for the person in every company: the server's notifications, e-mails and PDFs use it.",
  fields: (t) =>
    ({
      ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, t.string({ required: false })])),
      language: t.string({ required: false }),
    }) as never,
});

/**
 * The profile operations are about the caller's own record only: the cognito_uuid named must be the
 * session's. No people permission is needed, just an active membership of the selected company.
 */
const OWN_PROFILE: Rule = { area: 'self', action: 'read' };

const ownRow = (tenantUuid: string, cognitoUuid: string) =>
  and(eq(employees.tenant_uuid, tenantUuid), eq(employees.cognito_uuid, cognitoUuid));

tenantQuery('getEmployeeViaCognito', OWN_PROFILE, {
  type: employeeOps.objectRef,
  nullable: true,
  description: "The signed-in person's Employee record in the selected company.",
  args: (arg) => ({ cognito_uuid: arg.string({ required: true }) }),
  resolve: async (args, { tx, member }) => {
    if (member.identity !== args.cognito_uuid) throw forbidden();
    const [row] = await tx.select().from(employees).where(ownRow(member.tenantUuid, member.identity));
    return row ?? null;
  },
});

tenantQuery('myLanguage', OWN_PROFILE, {
  type: 'String',
  nullable: true,
  description: "The signed-in person's saved language ('en' or 'es'), or null until they save one.",
  resolve: async (_args, { ctx }) => ctx.language,
});

tenantMutation('updateEmployeeUserInfo', OWN_PROFILE, {
  type: employeeOps.objectRef,
  nullable: true,
  description: "Updates the signed-in person's own profile with the non-empty fields given.",
  args: (arg) => ({ cognito_uuid: arg.string({ required: true }), employee: arg({ type: EmployeeUserInfoInput, required: true }) }),
  resolve: async (args, { tx, member, ctx, afterCommit }) => {
    if (member.identity !== args.cognito_uuid) throw forbidden();
    // Validated before any write: a bad field changes nothing.
    const { language, ...fields } = args.employee as Record<string, unknown>;
    if (language != null && language !== '' && !isLanguage(language)) {
      throw new AppError('VALIDATION', atField('language', msg('common.invalidFormat')), { field: 'language' });
    }
    const given = nonEmptyProfileFields(fields);
    const parsed = profileUpdateSchema.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      throw new AppError('VALIDATION', issue ? atField(field, fromText(issue.message)) : msg('common.invalidInput'), { field });
    }
    const changes = parsed.data;
    const where = ownRow(member.tenantUuid, member.identity);
    const [row] =
      Object.keys(changes).length === 0
        ? await tx.select().from(employees).where(where)
        : await tx
            .update(employees)
            .set({ ...changes, updated_on: sql`now()` })
            .where(where)
            .returning();
    // The account's, not the company's: written once the company's transaction is over.
    if (isLanguage(language)) afterCommit(() => ctx.accounts.setLanguage(member.identity, language));
    // People screens subscribed to onUpdateEmployees see the change, as after updateEmployees.
    if (row && Object.keys(changes).length > 0) {
      afterCommit(() => ctx.realtime.publish(recordTopic('Employees', 'update', member.tenantUuid), row));
    }
    return row ?? null;
  },
});
