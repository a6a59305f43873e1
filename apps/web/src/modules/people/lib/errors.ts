import type { TFunction } from 'i18next';
import { GraphQLRequestError } from '../../../lib/graphql';

/** The server's own words when they are meant for people (conflicts, validation); otherwise the fallback. */
export function serverMessage(error: unknown, fallback: string, t: TFunction<'people'>): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  switch (error.message) {
    case 'The last admin cannot be removed.':
      return t('errors.lastAdmin');
    case 'This group was changed by someone else. Reload and try again.':
      return t('errors.groupConflict');
    default:
      return error.code === 'CONFLICT' || error.code === 'VALIDATION' ? error.message : fallback;
  }
}

/** The shared zod rules speak English (the server answers with the same text); show their translation. */
export function translateFieldError(t: TFunction<'people'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const max = /^You must enter a maximum of (\d+) characters$/.exec(message);
  if (max) return t('errors.max', { count: Number(max[1]) });
  switch (message) {
    case 'This field is required':
      return t('errors.required');
    case 'Please enter a valid email':
      return t('errors.email');
    case 'Invalid format':
      return t('errors.invalidFormat');
    default:
      return message.startsWith('Invalid input') ? t('errors.required') : message;
  }
}
