import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Accounts } from '../identity/accounts.js';
import type { IdentityService } from '../identity/service.js';
import type { SessionClaims } from '../identity/session.js';
import type { Mailer } from '../platform/mail.js';
import type { Realtime } from '../platform/realtime.js';
import type { SmsSender } from '../platform/sms.js';
import type { Language } from '../platform/texts.js';
import type { DeviceMutation } from './device-mutations.js';
import type { TenantGate } from './tenant-gate.js';

/**
 * A GraphQL request's context. It holds no database handle: company data is reached only through the
 * tenant gate (graphql/gate.ts), and the few global reads through the gate's narrow methods.
 */
export type Ctx = {
  config: Config;
  log: FastifyBaseLogger;
  realtime: Realtime;
  session: SessionClaims | null;
  /** The signed-in person's saved language (read with the session), or null: what the server writes for them. */
  language: Language | null;
  /** Whether the request's session is still live (read through the short-lived session cache). */
  sessionStillLive(): Promise<boolean>;
  gate: TenantGate;
  /** The server's clock (tests set it through the app's `now`): today's date, signing times, quiet hours. */
  now: () => Date;
  /** The identity layer's account operations (invitations, account look-ups) and the platform mailer. */
  identity: Pick<IdentityService, 'createInvitedUser'>;
  accounts: Accounts;
  mailer: Mailer;
  /** The platform's texts (the outbox), for people who sign in with a phone number. */
  sms: SmsSender;
  /** A change queued on a phone and sent with its device id (graphql/device-mutations.ts), if this is one. */
  deviceMutation?: DeviceMutation | 'invalid' | null;
};
