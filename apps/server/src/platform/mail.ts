import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { type Deliver, enqueueOutbox, type Message, type OutboxRef, type Within, writeOutbox } from './outbox.js';
import type { Storage } from './storage.js';
import type { Rendered } from './texts.js';

/**
 * An e-mail: `to` and `cc` are comma-separated addresses; attachments are objects of the storage port. Its subject
 * and text come from the catalogue (platform/texts.ts) in the reader's language, or are what a person wrote
 * (`authored`): a raw string does not typecheck.
 */
type Mail = Omit<Message, 'subject' | 'text' | 'html'> & { subject: Rendered; text: Rendered; html?: Rendered | null };
export type Mailer = {
  /**
   * `within`: the transaction of the write that causes the mail (a resolver passes its `Gated`, which has `tx` and
   * `afterCommit`): the mail is queued in it, so it is sent if and only if that write commits. Without it the mail
   * is queued on its own (sign-in codes, sweeps).
   */
  send(mail: Mail, within?: Within): Promise<void>;
};

/**
 * With SMTP_URL, `send` queues the mail in the outbox table and returns: the delivery worker (outbox.ts, started by
 * the identity routes with `smtpDelivery`) sends it, so no request waits for SMTP. Without it, the mail is kept in
 * the outbox table (development and tests).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; now: () => Date }): Mailer {
  if (opts.smtpUrl) return { send: (mail, within) => enqueueOutbox(opts.db, 'email', mail, opts.now(), within) };
  return { send: (mail, within) => writeOutbox(opts.db, 'email', mail, opts.now(), within) };
}

/**
 * A mail's Message-ID, from its outbox row and the sender's domain: the same for every attempt to send that row (a
 * resend after a crash is recognisably the same message), different for every row (two mails are never one).
 */
export function messageIdOf(ref: OutboxRef, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'groundwork.invalid';
  return `<outbox.${ref.id}.${ref.createdAt.getTime().toString(36)}@${domain}>`;
}

// An SMTP server that stops answering must not hold the worker for nodemailer's default hour.
const SMTP_TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

/** How the delivery worker sends e-mail: SMTP via nodemailer, attachments streamed from the storage port. */
export function smtpDelivery(opts: { smtpUrl: string; from: string; storage?: Storage }): Deliver {
  const url = new URL(opts.smtpUrl);
  // nodemailer reads its options from the URL's query; one the operator set wins.
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  // nodemailer loads with the first message, not at the server's start.
  let transport: Promise<Transporter> | undefined;
  return async (mail, ref) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url.toString()));
    const attachments = [];
    for (const file of mail.attachments ?? []) {
      const stored = await opts.storage?.get(file.tenant_uuid, file.object);
      // A file that is gone is an error worth retrying (and then logging), never a mail sent without it.
      if (!stored) throw new Error(`attachment ${file.filename} is not in storage`);
      attachments.push({ filename: file.filename, contentType: file.content_type, content: stored.body });
    }
    await (await transport).sendMail({
      from: opts.from,
      messageId: messageIdOf(ref, opts.from),
      to: mail.to,
      cc: mail.cc || undefined,
      replyTo: mail.replyTo || undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html || undefined,
      attachments,
    });
  };
}
