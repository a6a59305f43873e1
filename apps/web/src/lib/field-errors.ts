import { fromText } from '@groundwork/core/messages';
import type { TFunction } from 'i18next';
import { type Refusal, refusalText } from './refusals';

/**
 * A field's error in the reader's language, from the `errors` namespace (issue 46): a server refusal by its message
 * key; a rule of the shared zod schemas (which keep only their English words) by the catalogue key of those words
 * (core messages.ts `fromText`, read from the catalogue itself). Words the catalogue does not know show as they came.
 * One home for every form (issue 14).
 */
export function translateFieldError(t: TFunction<any, any>, error: string | Refusal | undefined): string | undefined {
  if (!error) return undefined;
  if (typeof error !== 'string') return refusalText(t, error.key ? error : { ...fromText(error.message), message: error.message });
  // zod's own wording for a missing value ("Invalid input: expected string, received null").
  if (error.startsWith('Invalid input')) return refusalText(t, { message: error, key: 'form.required' });
  return refusalText(t, { ...fromText(error), message: error });
}
