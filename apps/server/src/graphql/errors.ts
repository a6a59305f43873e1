import { atRecord, freeText, type Message, msg } from '@groundwork/core/messages';
import { GraphQLError } from 'graphql';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION' | 'CONFLICT' | 'RATE_LIMITED';

/**
 * An error meant for the client: its message and code pass Yoga's masking; anything else is masked. It is made from a
 * catalogue message (core messages.ts: `msg(key, values)`), never bare words, so every refusal carries
 * `extensions.message_key` and `extensions.message_values` for the web to show in the reader's language (issue 46);
 * words with no message of their own go through `freeText` (the generic key) or `fromText` (the catalogue's key when
 * the words are one of its messages).
 */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: Message, extensions: Record<string, unknown> = {}) {
    super(message.text, { extensions: { ...extensions, code, message_key: message.key, message_values: message.values } });
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', msg('common.signBackIn'));
export const forbidden = () => new AppError('FORBIDDEN', msg('common.forbidden'));
export const notFound = (message: Message = msg('common.notFound'), extensions?: Record<string, unknown>) =>
  new AppError('NOT_FOUND', message, extensions);

/** The PostgreSQL error code somewhere along an error's causes (drizzle wraps pg's; GraphQL wraps both). */
const pgCode = (e: unknown): string | undefined => {
  let err = e as { code?: unknown; cause?: unknown; originalError?: unknown } | undefined;
  for (let depth = 0; err && depth < 5; depth++) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
    err = (err.cause ?? err.originalError) as typeof err;
  }
  return undefined;
};

/**
 * Turns a database error raised while writing record `index` of a batch into a client error that
 * names the record. Unknown errors are rethrown as they are, to be masked and logged.
 */
export function recordError(e: unknown, index: number): unknown {
  if (e instanceof GraphQLError) return e;
  const at = { index };
  switch (pgCode(e)) {
    case '23505':
      return new AppError('CONFLICT', atRecord(index, msg('record.exists')), at);
    case '23503':
      return new AppError('VALIDATION', atRecord(index, msg('record.missingReference')), at);
    case '23502':
      return new AppError('VALIDATION', atRecord(index, msg('record.missingField')), at);
    case '23514':
      return new AppError('VALIDATION', atRecord(index, msg('record.outOfRange')), at);
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '22001':
      return new AppError('VALIDATION', atRecord(index, msg('record.wrongFormat')), at);
    case '42501':
      return notFound(msg('record.notFound', { n: index + 1 }), at);
    default:
      return e;
  }
}

/**
 * A PostgreSQL data exception (class 22: a bad date, a number out of range, text PostgreSQL cannot store)
 * that reached the database from any operation is the caller's input, not our failure: VALIDATION.
 */
export function dataError(e: unknown): AppError | null {
  const code = pgCode(e);
  if (!code?.startsWith('22')) return null;
  return new AppError('VALIDATION', code === '22003' ? msg('common.outOfRange') : msg('common.wrongFormat'));
}

/**
 * graphql-jit reports a variable that does not fit its type (an Int given "x") as a GraphQLError of the
 * graphql copy it loaded, with no original error: the caller's input, so VALIDATION, as graphql-js's own.
 */
export function jitInputError(e: unknown): AppError | null {
  const err = e as { name?: unknown; message?: unknown; originalError?: unknown };
  if (e instanceof GraphQLError || err?.name !== 'GraphQLError' || err.originalError) return null;
  return new AppError('VALIDATION', freeText(String(err.message)));
}
