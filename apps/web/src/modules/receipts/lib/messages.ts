import { RECEIPT_MESSAGES } from '@groundwork/core/receipts';
import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';
import { MISSING_JOB } from './splits';

type RuleKey =
  | 'required'
  | 'invalidDate'
  | 'amount'
  | 'amountTooLarge'
  | 'taxOverTotal'
  | 'paymentMethod'
  | 'splitsTotal'
  | 'splitsCount'
  | 'splitAmount'
  | 'tooManyFiles'
  | 'job'
  | 'costcode'
  | 'person'
  | 'missingJob';

// The core and the server speak the spec's English; a Spanish reader gets the same rule in Spanish.
const KNOWN: Record<string, RuleKey> = {
  [RECEIPT_MESSAGES.required]: 'required',
  [RECEIPT_MESSAGES.invalidDate]: 'invalidDate',
  [RECEIPT_MESSAGES.amount]: 'amount',
  [RECEIPT_MESSAGES.amountTooLarge]: 'amountTooLarge',
  [RECEIPT_MESSAGES.taxOverTotal]: 'taxOverTotal',
  [RECEIPT_MESSAGES.paymentMethod]: 'paymentMethod',
  [RECEIPT_MESSAGES.splitsTotal]: 'splitsTotal',
  [RECEIPT_MESSAGES.splitsCount]: 'splitsCount',
  [RECEIPT_MESSAGES.splitAmount]: 'splitAmount',
  [RECEIPT_MESSAGES.tooManyFiles]: 'tooManyFiles',
  [RECEIPT_MESSAGES.job]: 'job',
  [RECEIPT_MESSAGES.costcode]: 'costcode',
  [RECEIPT_MESSAGES.person]: 'person',
  [MISSING_JOB]: 'missingJob',
};

/** A rule's message in the reader's language (unknown messages are shown as they came). */
export function ruleMessage(message: string, t: TFunction<'receipts'>): string {
  const bare = message.replace(/^Record \d+: /, '').replace(/^[a-z_]+: /, '');
  const key = KNOWN[bare];
  return key ? t(`rules.${key}`) : message;
}

/** The words for a failed receipt call: a validation refusal in the reader's language, else the spec's pattern. */
export function refusalMessage(error: unknown, t: TFunction<'receipts'>, fallback: string): string {
  if (error instanceof GraphQLRequestError && (error.code === 'VALIDATION' || error.code === 'BAD_USER_INPUT')) {
    return ruleMessage(error.message, t);
  }
  return fallback;
}
