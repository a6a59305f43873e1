import { TIMECARD_MESSAGES } from '@groundwork/core/pay-periods';
import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';

type MessageKey =
  | 'locked'
  | 'wrongPeriod'
  | 'dayTotal'
  | 'closed'
  | 'future'
  | 'pastDay'
  | 'afterPeriod'
  | 'periodClosed'
  | 'notBudgeted'
  | 'drawSignature'
  | 'missingJob'
  | 'chooseCostcode'
  | 'hoursPositive';

// The server answers in the spec's English; a Spanish reader gets the same message in Spanish.
const KNOWN: Record<string, MessageKey> = {
  [TIMECARD_MESSAGES.locked]: 'locked',
  [TIMECARD_MESSAGES.wrongPeriod]: 'wrongPeriod',
  [TIMECARD_MESSAGES.dayTotal]: 'dayTotal',
  [TIMECARD_MESSAGES.closed]: 'closed',
  [TIMECARD_MESSAGES.future]: 'future',
  [TIMECARD_MESSAGES.pastDay]: 'pastDay',
  [TIMECARD_MESSAGES.afterPeriod]: 'afterPeriod',
  [TIMECARD_MESSAGES.periodClosed]: 'periodClosed',
  'That cost code is not budgeted on this job.': 'notBudgeted',
  'Draw your signature to sign.': 'drawSignature',
  'Missing jobs_id in entry': 'missingJob',
  'Choose a cost code.': 'chooseCostcode',
  'Hours must be more than zero.': 'hoursPositive',
};

/** The words to show for a failed time-card call: the server's refusal when it gave one, else `fallback`. */
export function refusalMessage(error: unknown, t: TFunction<'timecards'>, fallback: string): string {
  if (!(error instanceof GraphQLRequestError) || !error.code || error.code === 'INTERNAL_SERVER_ERROR') return fallback;
  if (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND' || error.code === 'UNAUTHENTICATED') return fallback;
  const increment = /^Hours must be in steps of (\d+) minutes\.$/.exec(error.message);
  if (increment) return t('refusals.increment', { minutes: Number(increment[1]) });
  const key = KNOWN[error.message];
  return key ? t(`refusals.${key}`) : error.message;
}
