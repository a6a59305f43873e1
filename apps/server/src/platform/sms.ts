import type { Db } from '../db/client.js';
import { writeOutbox } from './outbox.js';

export type Sms = { to: string; text: string };
/** An SMS provider adapter (Twilio, SNS…) implements this; without one, messages go to the outbox. */
export type SmsSender = { send(sms: Sms): Promise<void> };

export function createSmsSender(opts: { provider?: SmsSender; db: Db; now: () => Date }): SmsSender {
  if (opts.provider) return opts.provider;
  return { send: (sms) => writeOutbox(opts.db, 'sms', { to: sms.to, subject: 'SMS', text: sms.text }, opts.now()) };
}
