import { PEOPLE_MESSAGES } from '@groundwork/core/people';
import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';

const SERVER_MESSAGE_KEYS = {
  [PEOPLE_MESSAGES.groupChanged]: 'errors.groupConflict',
  [PEOPLE_MESSAGES.groupNameTaken]: 'errors.groupNameTaken',
  [PEOPLE_MESSAGES.lastAdmin]: 'errors.lastAdmin',
  [PEOPLE_MESSAGES.emailLinkedElsewhere]: 'errors.emailLinkedElsewhere',
  [PEOPLE_MESSAGES.alreadySignedIn]: 'errors.alreadySignedIn',
  [PEOPLE_MESSAGES.removeSelf]: 'errors.removeSelf',
  [PEOPLE_MESSAGES.archived]: 'errors.archived',
} as const;

/**
 * The server's own words when they are meant for people (the shared PEOPLE_MESSAGES, translated; other conflicts
 * and validation messages as sent), a plain refusal for FORBIDDEN, otherwise the spec-pattern fallback.
 */
export function serverMessage(error: unknown, fallback: string, t: TFunction<'people'>): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  const key = SERVER_MESSAGE_KEYS[error.message as keyof typeof SERVER_MESSAGE_KEYS];
  if (key) return t(key);
  if (error.code === 'FORBIDDEN') return t('errors.forbidden');
  return error.code === 'CONFLICT' || error.code === 'VALIDATION' ? error.message : fallback;
}
