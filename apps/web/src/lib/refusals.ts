import type { TFunction } from 'i18next';
import { GraphQLRequestError } from './graphql-error';
import { i18n } from './i18n';

/** What a refusal shows: the server's English, and the message key and values it came with (if any). */
export interface Refusal {
  readonly message: string;
  readonly key?: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

// Every namespace's t reaches the errors namespace by its prefix; i18next's key types know one namespace at a time.
type AnyT = TFunction<any, any>;
const untyped = (t: AnyT) => t as unknown as (key: string, options: Record<string, unknown>) => string;

/**
 * The one place a refusal becomes words (issue 46): the `errors` namespace's text for its key, in the reader's
 * language, with its values; the server's own words when it came without a key or with one this build does not know.
 * The key's text leaves out where the refusal points ('Record 2: ', 'field: '): a form shows it by the field.
 */
export function refusalText(t: AnyT, refusal: Refusal): string {
  if (!refusal.key) return refusal.message;
  // `replace`, not the options themselves: a value named like an option (count, context, lng) stays a value.
  return untyped(t)(`errors:${refusal.key}`, { replace: { ...refusal.values }, defaultValue: refusal.message });
}

/**
 * The words for a failed call: the server's refusal in the reader's language when it refused (`accept` narrows which
 * refusals are shown, by code), else `fallback` (a network failure, a masked internal error).
 */
export function errorText(
  t: AnyT,
  error: unknown,
  fallback: string,
  accept: (error: GraphQLRequestError) => boolean = (e) => e.code !== undefined && e.code !== 'INTERNAL_SERVER_ERROR',
): string {
  return error instanceof GraphQLRequestError && accept(error) ? refusalText(t, error) : fallback;
}

/** `refusalText` in the app's language, for helpers with no `t` of their own (a module's shared error words). */
export const appRefusalText = (refusal: Refusal): string => refusalText(i18n.t, refusal);
