import type { TFunction } from 'i18next';

/**
 * The shared zod rules speak English (the server answers with the same text); show their translation. An unknown
 * message is shown as it came.
 */
export function translateFieldError(t: TFunction<'projects'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const max = /^You must enter a maximum of (\d+) characters$/.exec(message);
  if (max) return t('errors.max', { count: Number(max[1]) });
  switch (message) {
    case 'This field is required':
      return t('errors.required');
    case 'Invalid format':
      return t('errors.invalidFormat');
    case 'The end date cannot be before the start date.':
      return t('errors.endBeforeStart');
    case 'Budget amounts cannot be negative.':
      return t('errors.negative');
    default:
      // zod's own wording for a missing value ("Invalid input: expected string, received null").
      return message.startsWith('Invalid input') ? t('errors.required') : message;
  }
}
