import { canonicalUsername, isEmail, isPhone, normalizePhone, PASSWORD_MAX, PASSWORD_MIN } from '@groundwork/core/identity';
import type { TFunction } from 'i18next';

type AuthT = TFunction<'auth'>;

/** Spec §5 login username: required, an e-mail or a phone, and a phone must normalise to E.164. */
export function validateUsername(t: AuthT, value: string): true | string {
  const v = value.trim();
  if (!v) return t('validation.required');
  if (!isEmail(v) && !isPhone(v)) return t('validation.username');
  if (!isEmail(v) && !normalizePhone(v)) return t('validation.phoneFormat');
  return true;
}

/** The E.164 form a phone username will be sent as, to show under the field; null for e-mails. */
export function phonePreview(value: string): string | null {
  const v = value.trim();
  return !isEmail(v) && isPhone(v) ? normalizePhone(v) : null;
}

export const toCanonical = (value: string): string => canonicalUsername(value) ?? value.trim();

export const validateRequired = (t: AuthT, value: string): true | string => (value.trim() ? true : t('validation.required'));

/** DESIGN.md: 8 to 256 characters, no composition rules (the server refuses common passwords). */
export function validateNewPassword(t: AuthT, value: string): true | string {
  if (!value) return t('validation.required');
  if (value.length < PASSWORD_MIN) return t('validation.passwordMin', { count: PASSWORD_MIN });
  if (value.length > PASSWORD_MAX) return t('validation.passwordMax', { count: PASSWORD_MAX });
  return true;
}
