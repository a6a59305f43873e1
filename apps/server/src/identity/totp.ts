import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { IdentityActions } from '@groundwork/core/identity';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { twoFactor, user } from './auth.table.js';
import { codeMismatch, invalidParameter } from './errors.js';
import { type ActionRequest, type FlowContext, isPlaceholder, type Res, type UserRow } from './flow-context.js';

const TOTP_PERIOD_SECONDS = 30;
const MFA_REQUIRED_MESSAGE = 'Two-factor authentication is required for this account.';

/** The authenticator-app secret of an account: stored encrypted, its codes accepted once each. */
export function totpSecrets(flow: FlowContext) {
  const { db, auth, now, usernameOf, mfaEnabled } = flow;
  async function totpSecret(userId: string, verifiedOnly: boolean): Promise<string | null> {
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    if (!row || (verifiedOnly && row.verified === false)) return null;
    const ctx = await auth.$context;
    return symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  }
  /** The TOTP time step (30 s, on our clock) a code belongs to: the current one or one either side. */
  async function totpStep(secret: string, code: unknown): Promise<number | null> {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return null;
    const given = Buffer.from(code.trim());
    const otp = createOTP(secret, { digits: 6, period: TOTP_PERIOD_SECONDS });
    const current = Math.floor(now().getTime() / (TOTP_PERIOD_SECONDS * 1000));
    let matched: number | null = null;
    for (const step of [current - 1, current, current + 1]) {
      if (timingSafeEqual(Buffer.from(await otp.hotp(step)), given)) matched = step;
    }
    return matched;
  }
  /**
   * Accepts a TOTP code at most once (RFC 6238 §5.2): its time step must be later than the last one this
   * person used. The check and the record are one UPDATE, so a second instance cannot accept it too.
   */
  async function useTotp(userId: string, secret: string, code: unknown): Promise<boolean> {
    const step = await totpStep(secret, code);
    if (step === null) return false;
    const claimed = await db
      .update(user)
      .set({ totpLastStep: step })
      .where(and(eq(user.id, userId), or(isNull(user.totpLastStep), lt(user.totpLastStep, step))))
      .returning({ id: user.id });
    return claimed.length === 1;
  }
  /** A new, not yet verified TOTP secret for `u` (replacing an unfinished one); its otpauth:// URI. */
  async function newTotpSecret(u: UserRow, opts: { keepVerified?: boolean } = {}) {
    const ctx = await auth.$context;
    const secret = generateRandomString(32);
    const encrypted = await symmetricEncrypt({ key: ctx.secretConfig, data: secret });
    const backupCodes = await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify([]) });
    const [existing] = await db
      .select({ id: twoFactor.id, verified: twoFactor.verified })
      .from(twoFactor)
      .where(eq(twoFactor.userId, u.id));
    if (existing?.verified && opts.keepVerified) throw invalidParameter('An authenticator app is already set up. Turn it off first.');
    if (existing) await db.update(twoFactor).set({ secret: encrypted, verified: false }).where(eq(twoFactor.id, existing.id));
    else await db.insert(twoFactor).values({ id: randomUUID(), userId: u.id, secret: encrypted, backupCodes, verified: false });
    const totpUri = createOTP(secret, { digits: 6, period: TOTP_PERIOD_SECONDS }).url('Groundwork', usernameOf(u));
    return { totpUri, secret: new URL(totpUri).searchParams.get('secret') ?? '' };
  }
  /** The secret is proven: TOTP is on (and preferred unless another type already is). */
  async function turnOnTotp(u: UserRow) {
    const enabled = new Set([...mfaEnabled(u), 'TOTP']);
    await db.update(twoFactor).set({ verified: true }).where(eq(twoFactor.userId, u.id));
    await db
      .update(user)
      .set({ twoFactorEnabled: true, mfaEnabled: [...enabled].join(','), mfaPreferred: u.mfaPreferred ?? 'TOTP', updatedAt: now() })
      .where(eq(user.id, u.id));
  }

  return { totpSecret, useTotp, newTotpSecret, turnOnTotp };
}

export type TotpSecrets = ReturnType<typeof totpSecrets>;

/** Setting up an authenticator app and choosing the second factors, for a signed-in account. */
export function totpActions(flow: FlowContext, { totpSecret, useTotp, newTotpSecret, turnOnTotp }: TotpSecrets) {
  const { db, now, userById, requireSession, confirmPassword } = flow;
  return {
    async AssociateSoftwareToken(
      body: Partial<IdentityActions['AssociateSoftwareToken']['req']>,
      req: ActionRequest,
    ): Promise<Res<'AssociateSoftwareToken'>> {
      const s = requireSession(req);
      await confirmPassword(s.userId, body.password);
      return newTotpSecret(await userById(s.userId), { keepVerified: true });
    },

    async VerifySoftwareToken(
      body: Partial<IdentityActions['VerifySoftwareToken']['req']>,
      req: ActionRequest,
    ): Promise<Res<'VerifySoftwareToken'>> {
      const s = requireSession(req);
      const secret = await totpSecret(s.userId, false);
      if (!secret) throw invalidParameter('Begin with AssociateSoftwareToken.');
      if (!(await useTotp(s.userId, secret, body.code))) throw codeMismatch();
      await turnOnTotp(await userById(s.userId));
      return { ok: true };
    },

    async SetUserMFAPreference(
      body: Partial<IdentityActions['SetUserMFAPreference']['req']>,
      req: ActionRequest,
    ): Promise<Res<'SetUserMFAPreference'>> {
      const s = requireSession(req);
      await confirmPassword(s.userId, body.password);
      const u = await userById(s.userId);
      const wanted = [...new Set(body.enabled ?? [])];
      for (const type of wanted) {
        const ok =
          type === 'TOTP'
            ? Boolean(await totpSecret(u.id, true))
            : type === 'EMAIL'
              ? u.emailVerified && !isPlaceholder(u.email)
              : type === 'SMS'
                ? Boolean(u.phoneNumber && u.phoneNumberVerified)
                : false;
        if (!ok) throw invalidParameter(`${type} cannot be turned on for this account yet.`);
      }
      if (u.mfaRequired && wanted.length === 0) throw invalidParameter(MFA_REQUIRED_MESSAGE);
      const preferred = body.preferred ?? null;
      if (preferred && !wanted.includes(preferred)) throw invalidParameter('The preferred MFA type must be one of the enabled ones.');
      await db
        .update(user)
        .set({ twoFactorEnabled: wanted.length > 0, mfaEnabled: wanted.join(',') || null, mfaPreferred: preferred, updatedAt: now() })
        .where(eq(user.id, u.id));
      if (!wanted.includes('TOTP')) await db.delete(twoFactor).where(eq(twoFactor.userId, u.id));
      return { ok: true };
    },
  };
}
