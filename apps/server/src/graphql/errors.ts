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

const pgCode = (e: unknown): string | undefined => {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof err?.code === 'string' ? err.code : err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
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
