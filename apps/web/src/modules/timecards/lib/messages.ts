import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/refusals';

/** The words to show for a failed time-card call: the server's refusal (by its key) when it gave one, else `fallback`. */
export function refusalMessage(error: unknown, t: TFunction<'timecards'>, fallback: string): string {
  return errorText(
    t,
    error,
    fallback,
    (e) => !!e.code && !['INTERNAL_SERVER_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'].includes(e.code),
  );
}
