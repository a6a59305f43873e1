import { msg } from '@groundwork/core/messages';
import { ORDERING_LIMITS, parseRecipients } from '@groundwork/core/ordering';
import { accessTo } from '@groundwork/core/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, forbidden } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { authored, joined, plain, t as text } from '../../platform/texts.js';
import { mayReadFile } from '../files/files.service.js';
import { files } from '../files/files.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { senderName } from './ordering.po.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SendEmailArgs = {
  emails: string;
  cc_emails?: string | null;
  subject: string;
  message: string;
  attached_files?: string[] | null;
  sender?: string | null;
  default_email_boilerplate?: boolean | null;
};

/**
 * Spec §7 sendEmail: queues one e-mail to `emails` with copies to `cc_emails`, attaching files of the company the
 * caller may read; for people who order or write daily reports.
 */
export async function sendEmail(args: SendEmailArgs, g: Gated): Promise<boolean> {
  const held = g.member.permissions;
  const may = accessTo(held, 'ordering', 'create', g.member.off) !== null || accessTo(held, 'project_notes', 'read', g.member.off) !== null;
  if (!may) throw forbidden();
  const to = parseRecipients(args.emails);
  const cc = parseRecipients(args.cc_emails);
  const invalid = to.invalid ?? cc.invalid;
  if (invalid)
    throw new AppError('VALIDATION', msg('ordering.invalidEmail', { address: invalid }), { field: to.invalid ? 'emails' : 'cc_emails' });
  if (!to.emails.length) throw new AppError('VALIDATION', msg('ordering.noRecipients'), { field: 'emails' });
  if (to.emails.length + cc.emails.length > ORDERING_LIMITS.recipients)
    throw new AppError('VALIDATION', msg('ordering.tooManyRecipients'), { field: 'emails' });
  const subject = args.subject.trim();
  if (!subject || subject.length > ORDERING_LIMITS.name)
    throw new AppError('VALIDATION', subject ? msg('form.max', { max: ORDERING_LIMITS.name }) : msg('ordering.required'), {
      field: 'subject',
    });
  if (args.message.length > 20_000) throw new AppError('VALIDATION', msg('form.max', { max: 20_000 }), { field: 'message' });
  const wanted = [...new Set((args.attached_files ?? []).map(String))];
  if (wanted.some((u) => !UUID.test(u))) throw new AppError('VALIDATION', msg('ordering.attachmentsMissing'), { field: 'attached_files' });
  if (wanted.length > 10) throw new AppError('VALIDATION', msg('ordering.tooManyAttachments', { max: 10 }), { field: 'attached_files' });
  const tenant = g.member.tenantUuid;
  const found = wanted.length
    ? await g.tx
        .select()
        .from(files)
        .where(and(eq(files.tenant_uuid, tenant), inArray(files.uuid, wanted)))
    : [];
  const readable: (typeof found)[number][] = [];
  for (const f of found) if (await mayReadFile(g.tx, g.member, f)) readable.push(f);
  if (readable.length !== wanted.length) throw new AppError('VALIDATION', msg('ordering.attachmentsMissing'), { field: 'attached_files' });
  const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const me = await senderName(g.tx, g.member);
  const signature = args.sender?.trim() || me.name || '';
  // The sender's message as they wrote it; the boilerplate in their language.
  const lang = g.ctx.language ?? 'en';
  const body = args.default_email_boilerplate
    ? joined(
        [
          authored(args.message),
          authored(''),
          authored('—'),
          text(lang, 'mail.boilerplate', { sender: signature || plain(lang, 'mail.boilerplate_member'), company: company?.company ?? '' }),
        ],
        '\n',
      )
    : authored(args.message);
  // Queued in this transaction: a resend of the same change (device mutation id) finds it saved with its mail.
  await g.ctx.mailer.send(
    {
      to: to.emails.join(', '),
      cc: cc.emails.join(', ') || null,
      replyTo: me.email,
      subject: authored(subject),
      text: body,
      attachments: readable.map((f) => ({
        tenant_uuid: tenant,
        object: f.server_filename,
        filename: f.original_name,
        content_type: f.mimetype,
      })),
    },
    g,
  );
  return true;
}
