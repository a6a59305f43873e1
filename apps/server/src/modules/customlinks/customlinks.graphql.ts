import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { withTenant } from '../../db/with-tenant.js';
import { builder } from '../../graphql/builder.js';
import { checkSessionTenant, requireMember } from '../../graphql/context.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import type { Row } from '../../platform/realtime.js';
import { customLinks } from './customlinks.table.js';

const httpUrl = z
  .string()
  .trim()
  .max(2048, 'You must enter a maximum of 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Enter a web address that starts with http:// or https://');

/** Writes may be partial (updates), so every field is optional here; the table requires title and url on create. */
export const customLinkFields = z
  .object({
    title: z.string().trim().min(1, 'This field is required').max(200, 'You must enter a maximum of 200 characters'),
    url: httpUrl,
    status: z.union([z.literal(0), z.literal(1)], { message: 'status must be 1 (active) or 0 (inactive)' }),
    employees_id: z.number().int().positive(),
  })
  .partial()
  .loose();

// People admins manage everyone's links; every member reads their own (spec: custom links per employee).
export const customLinkOps = defineRecordOperations({
  name: 'CustomLinks',
  typeName: 'CustomLink',
  table: customLinks,
  permissions: { admin: 'people_admin', basic: 'basic_access' },
  ownRecords: true,
  orderBy: () => [sql`lower(${customLinks.title})`],
  validate: customLinkFields,
});

builder.queryField('listCustomLinksPerUser', (t) =>
  t.field({
    type: [customLinkOps.objectRef],
    description: "The signed-in person's active links, by title; any member may read their own.",
    args: { tenant_uuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      checkSessionTenant(ctx, args.tenant_uuid);
      return withTenant(ctx.db, args.tenant_uuid, async (tx) => {
        const member = await requireMember(ctx, args.tenant_uuid, tx);
        const rows = await tx
          .select()
          .from(customLinks)
          .where(
            and(eq(customLinks.tenant_uuid, member.tenantUuid), eq(customLinks.employees_id, member.employeeId), eq(customLinks.status, 1)),
          )
          .orderBy(asc(sql`lower(${customLinks.title})`), asc(customLinks.id))
          // A person's own links are few; the cap keeps a runaway list from ever being one huge response.
          .limit(1000);
        return rows as Row[];
      });
    },
  }),
);
