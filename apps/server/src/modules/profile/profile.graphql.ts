import { nonEmptyProfileFields, PROFILE_FIELDS, profileUpdateSchema } from '@groundwork/core/profile';
import { and, eq, sql } from 'drizzle-orm';
import { withTenant } from '../../db/with-tenant.js';
import { builder } from '../../graphql/builder.js';
import { type Ctx, checkSessionTenant, requireMember } from '../../graphql/context.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import { type Row, recordTopic } from '../../platform/realtime.js';
import { employeeOps } from '../employees/employees.graphql.js';
import { employees } from '../employees/employees.table.js';

/** Spec §3 profile fields; all optional, and empty ones leave the stored value as it is (spec §8). */
const EmployeeUserInfoInput = builder.inputType('EmployeeUserInfoInput', {
  description: "The signed-in person's own profile fields. trades is a JSON list of names, sent as a string.",
  fields: (t) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, t.string({ required: false })])) as never,
});

/**
 * The profile operations are about the caller's own record only: the cognito_uuid named must be the
 * session's. No people permission is needed, just an active membership of the selected company.
 */
async function ownRecord<T>(ctx: Ctx, tenantUuid: string, cognitoUuid: string, fn: Parameters<typeof withTenant<T>>[2]) {
  checkSessionTenant(ctx, tenantUuid);
  if (ctx.session?.sub !== cognitoUuid) throw forbidden();
  return withTenant(ctx.db, tenantUuid, async (tx) => {
    await requireMember(ctx, tenantUuid, tx);
    return fn(tx);
  });
}

const ownRow = (tenantUuid: string, cognitoUuid: string) =>
  and(eq(employees.tenant_uuid, tenantUuid), eq(employees.cognito_uuid, cognitoUuid));

builder.queryField('getEmployeeViaCognito', (t) =>
  t.field({
    type: employeeOps.objectRef,
    nullable: true,
    description: "The signed-in person's Employee record in the selected company.",
    args: { tenant_uuid: t.arg.id({ required: true }), cognito_uuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      ownRecord(ctx, args.tenant_uuid, args.cognito_uuid, async (tx) => {
        const [row] = await tx.select().from(employees).where(ownRow(args.tenant_uuid, args.cognito_uuid));
        return (row as Row | undefined) ?? null;
      }),
  }),
);

builder.mutationField('updateEmployeeUserInfo', (t) =>
  t.field({
    type: employeeOps.objectRef,
    nullable: true,
    description: "Updates the signed-in person's own profile with the non-empty fields given.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      cognito_uuid: t.arg.string({ required: true }),
      employee: t.arg({ type: EmployeeUserInfoInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      // Validated before any database work: a bad field changes nothing.
      const given = nonEmptyProfileFields(args.employee as Record<string, unknown>);
      const parsed = profileUpdateSchema.safeParse(given);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? '');
        throw new AppError('VALIDATION', field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input'), { field });
      }
      const changes = parsed.data;
      const row = await ownRecord(ctx, args.tenant_uuid, args.cognito_uuid, async (tx) => {
        const where = ownRow(args.tenant_uuid, args.cognito_uuid);
        const [row] =
          Object.keys(changes).length === 0
            ? await tx.select().from(employees).where(where)
            : await tx
                .update(employees)
                .set({ ...changes, updated_on: sql`now()` })
                .where(where)
                .returning();
        return (row as Row | undefined) ?? null;
      });
      // People screens subscribed to onUpdateEmployees see the change, as after updateEmployees.
      if (row && Object.keys(changes).length > 0) ctx.realtime.publish(recordTopic('Employees', 'update', args.tenant_uuid), row);
      return row;
    },
  }),
);
