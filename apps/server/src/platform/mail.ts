import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { writeOutbox } from './outbox.js';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** SMTP via nodemailer when SMTP_URL is set; otherwise the outbox table (development and tests). */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; now: () => Date }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return { send: (mail) => writeOutbox(opts.db, 'email', mail, opts.now()) };
}
