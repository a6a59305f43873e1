import type { TFunction } from 'i18next';
import { translateFieldError } from '../../../lib/field-errors';
import { errorText } from '../../../lib/refusals';

/** A rule's message in the reader's language, from the errors namespace (unknown messages are shown as they came). */
export function ruleMessage(message: string, t: TFunction<'receipts'>): string {
  return translateFieldError(t, message) ?? message;
}

/** The words for a failed receipt call: a validation refusal in the reader's language, else the spec's pattern. */
export function refusalMessage(error: unknown, t: TFunction<'receipts'>, fallback: string): string {
  return errorText(t, error, fallback, (e) => e.code === 'VALIDATION' || e.code === 'BAD_USER_INPUT');
}
