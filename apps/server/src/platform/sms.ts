import type { Db } from '../db/client.js';
import { enqueueOutbox, type Within, writeOutbox } from './outbox.js';
import type { Rendered } from './texts.js';

/** A text message: its text from the catalogue (platform/texts.ts) in the reader's language. */
type Sms = { to: string; text: Rendered };
/** An SMS provider adapter (Twilio, SNS…) implements this; without one, messages go to the outbox. */
export type SmsSender = {
  /** `within`: queued in the transaction of the write that causes it (see Mailer). */
  send(sms: Sms, within?: Within): Promise<void>;
  /** Set when nothing can be texted (production without a provider): callers refuse before they begin. */
  readonly unavailable?: boolean;
};

/** Sending a text where there is no provider to send it (production): nothing is stored, the caller is told. */
export class SmsUnavailableError extends Error {
  constructor() {
    super('No SMS provider is configured: text messages cannot be sent.');
  }
}

/**
 * With a provider, `send` queues the text in the outbox table for the delivery worker (outbox.ts), which calls the
 * provider, so no request waits for it. Without one, outside production, texts are kept in the outbox table like
 * e-mail without SMTP (shown at /dev/outbox only where that is served, see outbox.ts); in production sending fails
 * with SmsUnavailableError instead of keeping a code nobody receives.
 */
export function createSmsSender(opts: { provider?: SmsSender; db: Db; now: () => Date; production?: boolean }): SmsSender {
  if (opts.provider) {
    return { send: (sms, within) => enqueueOutbox(opts.db, 'sms', { to: sms.to, subject: 'SMS', text: sms.text }, opts.now(), within) };
  }
  if (opts.production) {
    return {
      unavailable: true,
      async send() {
        throw new SmsUnavailableError();
      },
    };
  }
  return { send: (sms, within) => writeOutbox(opts.db, 'sms', { to: sms.to, subject: 'SMS', text: sms.text }, opts.now(), within) };
}
