import { atField, fromText, msg } from '@groundwork/core/messages';
import { issueSchema } from '@groundwork/core/profile';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors.js';
import { type Rule, tenantMutation } from '../../graphql/gate.js';
import { authored, t } from '../../platform/texts.js';
import { registerFileSource } from '../files/files.service.js';
import { files } from '../files/files.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { issues } from './issues.table.js';

type Attachment = { server_filename: string; original_name: string; mimetype: string; bytes: number };

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024)} KB`);

const ISSUES: Rule = { area: 'self', action: 'read' };

// An issue's attachments are readable by the person who reported it and by the company's admins.
registerFileSource('issues', async (tx, member, uuids) => {
  const rows = await tx
    .select({ uuid: issues.uuid })
    .from(issues)
    .where(
      and(
        eq(issues.tenant_uuid, member.tenantUuid),
        inArray(issues.uuid, uuids),
        ...(member.isAdmin ? [] : [eq(issues.employees_id, member.employeeId)]),
      ),
    );
  return new Set(rows.map((r) => r.uuid));
});

tenantMutation('submitIssue', ISSUES, {
  type: 'Boolean',
  description:
    'Reports a problem to support: stores the issue and e-mails it, with the attached files (server filenames from POST /api/files).',
  args: (arg) => ({
    user_name: arg.string({ required: true }),
    user_email: arg.string({ required: true }),
    subject: arg.string({ required: true }),
    description: arg.string({ required: true }),
    attached_files: arg.stringList({ required: false }),
  }),
  resolve: async (args, { tx, member, ctx, afterCommit }) => {
    const parsed = issueSchema.safeParse({ ...args, attached_files: args.attached_files ?? [] });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      throw new AppError('VALIDATION', atField(field, issue ? fromText(issue.message) : msg('common.invalid')), { field });
    }
    const input = parsed.data;
    const names = [...new Set(input.attached_files)];
    const tenantUuid = args.tenant_uuid;

    const saved = await (async () => {
      const found: Attachment[] = names.length
        ? await tx
            .select({
              server_filename: files.server_filename,
              original_name: files.original_name,
              mimetype: files.mimetype,
              bytes: files.bytes,
            })
            .from(files)
            .where(and(eq(files.tenant_uuid, tenantUuid), inArray(files.server_filename, names), eq(files.status, 1)))
        : [];
      const missing = names.filter((n) => !found.some((f) => f.server_filename === n));
      if (missing.length) {
        throw new AppError('VALIDATION', atField('attached_files', msg('issues.unknownFile', { files: missing.join(', ') })), {
          field: 'attached_files',
        });
      }
      const [row] = await tx
        .insert(issues)
        .values({
          tenant_uuid: tenantUuid,
          employees_id: member.employeeId,
          user_name: input.user_name,
          user_email: input.user_email,
          subject: input.subject,
          description: input.description,
          attached_files: names,
        })
        .returning({ id: issues.id, uuid: issues.uuid });
      if (names.length) {
        await tx
          .update(files)
          .set({ source_table: 'issues', source_uuid: row.uuid, updated_on: sql`now()` })
          .where(and(eq(files.tenant_uuid, tenantUuid), inArray(files.server_filename, names)));
      }
      const [company] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenantUuid));
      return { id: row.id, member, company: company?.company ?? '', attachments: found };
    })();

    const text = [
      `From: ${input.user_name} <${input.user_email}>`,
      `Company: ${saved.company} (${tenantUuid})`,
      `Employee id: ${saved.member.employeeId}`,
      `Issue: ${saved.id}`,
      '',
      input.description,
      '',
      saved.attachments.length
        ? `Attachments:\n${saved.attachments.map((a) => `- ${a.original_name} (${a.server_filename}, ${kb(a.bytes)})`).join('\n')}`
        : 'Attachments: none',
    ].join('\n');
    // Through the mail queue, files and all, in the issue's transaction: queued with the issue (both or neither),
    // delivered (and retried) by the worker once it commits; emailed_on says it is on its way.
    await ctx.mailer.send(
      {
        to: ctx.config.supportEmail,
        replyTo: input.user_email,
        // For the operator's support desk, in English: the person's report as they wrote it, with where it came from.
        subject: t('en', 'issue.subject', { subject: input.subject }),
        text: authored(text),
        attachments: saved.attachments.map((a) => ({
          tenant_uuid: tenantUuid,
          object: a.server_filename,
          filename: a.original_name,
          content_type: a.mimetype,
        })),
      },
      { tx, afterCommit },
    );
    await tx
      .update(issues)
      .set({ emailed_on: sql`now()` })
      .where(and(eq(issues.tenant_uuid, tenantUuid), eq(issues.id, saved.id)));
    return true;
  },
});
