import {
  type CodeDelivery,
  type IdentityActions,
  isPhone,
  normalizePhone,
  PHONE_FORMAT_MESSAGE,
  USERNAME_MESSAGE,
} from '@groundwork/core/identity';
import { eq } from 'drizzle-orm';
import { type Language, t as text } from '../platform/texts.js';
import { serverUsername } from './account-flags.js';
import { user } from './auth.table.js';
import { codeMismatch, IdentityError, invalidParameter } from './errors.js';
import {
  type ActionRequest,
  addressKind,
  type FlowContext,
  isPlaceholder,
  isUniqueViolation,
  languageOfUser,
  maskDestination,
  placeholderEmail,
  type Res,
  type UserRow,
} from './flow-context.js';
import { clearFailures, reserveAttempt, userLockKey } from './lockout.js';

/** How long a new e-mail or phone waits for its code (each code still expires after 10 minutes). */
const PENDING_ATTRIBUTE_SECONDS = 24 * 60 * 60;
const usernameExists = () => new IdentityError('UsernameExistsException', 'An account with the given username already exists.', 400);
const attributeTaken = (to: string) => (lang: Language) => ({
  subject: text(lang, 'identity.attribute_taken_subject'),
  text: text(lang, 'identity.attribute_taken_text', { address: addressKind(to, lang) }),
});

/** A new sign-in e-mail (lowercased), or InvalidParameterException; never a phone account's stand-in address. */
function newEmailValue(raw: unknown): string {
  const value = typeof raw === 'string' && raw.includes('@') ? serverUsername(raw) : null;
  if (!value || isPlaceholder(value)) throw invalidParameter(USERNAME_MESSAGE);
  return value;
}
/** A new phone number in E.164 (spec §5 normalisation), or InvalidParameterException with the spec's text. */
function newPhoneValue(raw: unknown): string {
  const value = typeof raw === 'string' && isPhone(raw) ? normalizePhone(raw) : null;
  if (!value) throw invalidParameter(PHONE_FORMAT_MESSAGE);
  return value;
}

/** A new sign-in e-mail or phone number for a signed-in account: asked for, sent a code, and verified. */
export function attributeActions(flow: FlowContext) {
  const { db, now, codes, findUser, userById, requireSession, delivery, assertCanDeliver, deliver, sendCode, notifyOwner } = flow;
  /**
   * A code for a new sign-in e-mail or phone. One that another account already uses gets the same answer, the same
   * send limit and a new code replacing the last (never sent), and its owner is told instead: the one asking learns
   * nothing about who has an account.
   */
  async function sendAttributeCode(u: UserRow, attribute: 'email' | 'phone_number', value: string): Promise<CodeDelivery> {
    const owner = await findUser(value);
    if (!owner || owner.id === u.id) return sendCode(`attr-${attribute}`, u, value, value);
    assertCanDeliver(value);
    await codes.issue(`attr-${attribute}`, u.id, value);
    await notifyOwner(owner, value, attributeTaken(value));
    return delivery(value);
  }

  return {
    async UpdateUserAttributes(
      body: Partial<IdentityActions['UpdateUserAttributes']['req']>,
      req: ActionRequest,
    ): Promise<Res<'UpdateUserAttributes'>> {
      const s = requireSession(req);
      const u = await userById(s.userId);
      const attrs = body.attributes ?? {};
      // Every value is checked before any code goes out, so a bad second value sends nothing. Whether another
      // account uses it is not said here (see sendAttributeCode).
      const changes: { attribute: 'email' | 'phone_number'; value: string }[] = [];
      for (const attribute of ['email', 'phone_number'] as const) {
        const raw = attrs[attribute];
        if (raw === undefined) continue;
        const value = attribute === 'email' ? newEmailValue(raw) : newPhoneValue(raw);
        if (value === (attribute === 'email' ? u.email : u.phoneNumber)) continue;
        changes.push({ attribute, value });
      }
      // Nothing changes yet: the new value waits with its code, the old one signs in until the code is entered.
      let codeDelivery: CodeDelivery | undefined;
      for (const { attribute, value } of changes) {
        codeDelivery = await sendAttributeCode(u, attribute, value);
        await codes.hold(`attr-${attribute}:${u.id}`, value, PENDING_ATTRIBUTE_SECONDS);
      }
      return codeDelivery ? { nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery } : { nextStep: 'DONE' };
    },

    async GetUserAttributeVerificationCode(
      body: Partial<IdentityActions['GetUserAttributeVerificationCode']['req']>,
      req: ActionRequest,
    ): Promise<Res<'GetUserAttributeVerificationCode'>> {
      const s = requireSession(req);
      const u = await userById(s.userId);
      const attribute = body.attribute === 'phone_number' ? 'phone_number' : 'email';
      const pendingValue = await codes.held(`attr-${attribute}:${u.id}`);
      const current = attribute === 'email' ? (isPlaceholder(u.email) ? null : u.email) : u.phoneNumber;
      const target = pendingValue ?? current;
      if (!target) throw invalidParameter(`There is no ${attribute} to verify.`);
      return { codeDelivery: await sendAttributeCode(u, attribute, target) };
    },

    async VerifyUserAttribute(
      body: Partial<IdentityActions['VerifyUserAttribute']['req']>,
      req: ActionRequest,
    ): Promise<Res<'VerifyUserAttribute'>> {
      const s = requireSession(req);
      const attribute = body.attribute === 'phone_number' ? 'phone_number' : 'email';
      await reserveAttempt(db, userLockKey(s.userId), now());
      const value = await codes.consume(`attr-${attribute}`, s.userId, body.code);
      if (!value) throw codeMismatch();
      await clearFailures(db, userLockKey(s.userId));
      const u = await userById(s.userId);
      const other = await findUser(value);
      if (other && other.id !== u.id) throw usernameExists();
      const t = now();
      const set: Partial<UserRow> =
        attribute === 'email'
          ? { email: value, emailVerified: true, updatedAt: t }
          : {
              phoneNumber: value,
              phoneNumberVerified: true,
              updatedAt: t,
              // A phone-only account's stand-in e-mail follows its number, so the old number is free
              // for a new account (whose stand-in would otherwise collide with this one).
              ...(isPlaceholder(u.email) ? { email: placeholderEmail(value) } : {}),
            };
      try {
        // The row keeps its id, so employees.cognito_uuid and every membership stay linked.
        await db.update(user).set(set).where(eq(user.id, u.id));
      } catch (err) {
        // Another account took the value between the check and the update.
        if (isUniqueViolation(err)) throw usernameExists();
        throw err;
      }
      await codes.release(`attr-${attribute}:${u.id}`);
      if (attribute === 'email' && !isPlaceholder(u.email) && u.email !== value) {
        // The old address hears of the change, so a taken-over session cannot move the account quietly.
        const lang = languageOfUser(u);
        await deliver(u.email, lang, {
          subject: text(lang, 'identity.email_changed_subject'),
          text: text(lang, 'identity.email_changed_text', { email: maskDestination(value) }),
        });
      }
      return { ok: true };
    },
  };
}
