import { TIMECARD_MESSAGES } from '@groundwork/core/pay-periods';
import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';

// The server answers in the spec's English, from core's catalogue; a Spanish reader gets the same message in Spanish.
// Every message of the catalogue has its words under `refusals` (a missing one fails the type-check).
type MessageKey = Exclude<keyof typeof TIMECARD_MESSAGES, 'increment'>;
const KNOWN = new Map<string, MessageKey>(
  Object.entries(TIMECARD_MESSAGES).flatMap(([key, text]) => (typeof text === 'string' ? [[text, key as MessageKey] as const] : [])),
);

/** The words to show for a failed time-card call: the server's refusal when it gave one, else `fallback`. */
export function refusalMessage(error: unknown, t: TFunction<'timecards'>, fallback: string): string {
  if (!(error instanceof GraphQLRequestError) || !error.code || error.code === 'INTERNAL_SERVER_ERROR') return fallback;
  if (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND' || error.code === 'UNAUTHENTICATED') return fallback;
  const increment = /^Hours must be in steps of (\d+) minutes\.$/.exec(error.message);
  if (increment) return t('refusals.increment', { minutes: Number(increment[1]) });
  const key = KNOWN.get(error.message);
  return key ? t(`refusals.${key}`) : error.message;
}
