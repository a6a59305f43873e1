import { GraphQLError } from 'graphql';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION' | 'CONFLICT' | 'RATE_LIMITED';

/** An error meant for the client: its message and code pass Yoga's masking; anything else is masked. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { ...extensions, code } });
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign back in.');
export const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do that.');
export const notFound = (message = 'Not found.', extensions?: Record<string, unknown>) => new AppError('NOT_FOUND', message, extensions);

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
  const prefix = `Record ${index + 1}`;
  switch (pgCode(e)) {
    case '23505':
      return new AppError('CONFLICT', `${prefix}: a record with the same values already exists.`, at);
    case '23503':
      return new AppError('VALIDATION', `${prefix}: refers to a record that does not exist.`, at);
    case '23502':
      return new AppError('VALIDATION', `${prefix}: a required field is missing.`, at);
    case '23514':
      return new AppError('VALIDATION', `${prefix}: a value is out of range.`, at);
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '22001':
      return new AppError('VALIDATION', `${prefix}: a value has the wrong format.`, at);
    case '42501':
      return notFound(`${prefix} not found.`, at);
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
  return new AppError('VALIDATION', code === '22003' ? 'A value is out of range.' : 'A value has the wrong format.');
}

/**
 * graphql-jit reports a variable that does not fit its type (an Int given "x") as a GraphQLError of the
 * graphql copy it loaded, with no original error: the caller's input, so VALIDATION, as graphql-js's own.
 */
export function jitInputError(e: unknown): AppError | null {
  const err = e as { name?: unknown; message?: unknown; originalError?: unknown };
  if (e instanceof GraphQLError || err?.name !== 'GraphQLError' || err.originalError) return null;
  return new AppError('VALIDATION', String(err.message));
}
