import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { type Deliver, enqueueOutbox, writeOutbox } from './outbox.js';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * With SMTP_URL, `send` queues the mail in the outbox table and returns: the delivery worker (outbox.ts, started by
 * the identity routes with `smtpDelivery`) sends it, so no request waits for SMTP. Without it, the mail is kept in
 * the outbox table (development and tests).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; now: () => Date }): Mailer {
  if (opts.smtpUrl) return { send: (mail) => enqueueOutbox(opts.db, 'email', mail, opts.now()) };
  return { send: (mail) => writeOutbox(opts.db, 'email', mail, opts.now()) };
}

// An SMTP server that stops answering must not hold the worker for nodemailer's default hour.
const SMTP_TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

/** How the delivery worker sends e-mail: SMTP via nodemailer. */
export function smtpDelivery(opts: { smtpUrl: string; from: string }): Deliver {
  const url = new URL(opts.smtpUrl);
  // nodemailer reads its options from the URL's query; one the operator set wins.
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transport = nodemailer.createTransport(url.toString());
  return async (mail) => {
    await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
