import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';
import { refusalText } from '../../../lib/refusals';

/**
 * The server's own words when they are meant for people (conflicts and validation refusals, by their key in the
 * reader's language), a plain refusal for FORBIDDEN, otherwise the spec-pattern fallback.
 */
export function serverMessage(error: unknown, fallback: string, t: TFunction<'people'>): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  if (error.code === 'FORBIDDEN') return t('errors.forbidden');
  return error.code === 'CONFLICT' || error.code === 'VALIDATION' ? refusalText(t, error) : fallback;
}
