import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden } from '../../graphql/errors.js';
import { tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { withAdminAccess } from '../employees/admins.js';
import { ownRows } from '../employees/membership.js';
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
const customLinkFields = z
  .object({
    title: z.string().trim().min(1, 'This field is required').max(200, 'You must enter a maximum of 200 characters'),
    url: httpUrl,
    status: z.union([z.literal(0), z.literal(1)], { message: 'status must be 1 (active) or 0 (inactive)' }),
    employees_id: z.number().int().positive(),
  })
  .partial()
  .loose();

// People admins manage everyone's links; every member reads their own (spec: custom links per employee).
const customLinkOps = defineRecordOperations({
  name: 'CustomLinks',
  typeName: 'CustomLink',
  table: customLinks,
  area: 'customlinks',
  ownRecords: true,
  orderBy: () => [sql`lower(${customLinks.title})`],
  validate: customLinkFields,
  // A people admin may not plant or change links on the dashboard of someone with admin access.
  async beforeWrite(tx, member, _action, changes) {
    if (member.permissions.has(ADMIN_ACCESS)) return;
    const owners = new Set(changes.map((c) => c.patch?.employees_id).filter((id): id is number => typeof id === 'number'));
    const ids = changes.map((c) => c.id).filter((id): id is number => id !== null);
    if (ids.length) {
      const stored = await tx
        .select({ owner: customLinks.employees_id })
        .from(customLinks)
        .where(and(eq(customLinks.tenant_uuid, member.tenantUuid), inArray(customLinks.id, ids)));
      for (const r of stored) owners.add(r.owner);
    }
    if ((await withAdminAccess(tx, member.tenantUuid, [...owners])).length) throw forbidden();
  },
});

tenantQuery(
  'listCustomLinksPerUser',
  { area: 'self', action: 'read' },
  {
    type: [customLinkOps.objectRef],
    description: "The signed-in person's active links, by title; any member may read their own.",
    resolve: async (_args, { tx, member }) => {
      const rows = await tx
        .select()
        .from(customLinks)
        .where(and(ownRows(customLinks, member), eq(customLinks.status, 1)))
        .orderBy(asc(sql`lower(${customLinks.title})`), asc(customLinks.id))
        // A person's own links are few; the cap keeps a runaway list from ever being one huge response.
        .limit(1000);
      return rows;
    },
  },
);
