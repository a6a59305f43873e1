import { BATCH_MAX_RECORDS } from '@groundwork/core/limits';
import { type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from './errors.js';

const longestList = (value: unknown): number => {
  if (Array.isArray(value)) return Math.max(value.length, ...value.map(longestList));
  if (value && typeof value === 'object') return Math.max(0, ...Object.values(value).map(longestList));
  return 0;
};

const longestLiteralList = (document: DocumentNode): number => {
  let longest = 0;
  visit(document, {
    [Kind.LIST]: (node) => {
      longest = Math.max(longest, node.values.length);
    },
  });
  return longest;
};

/**
 * Refuses any list of more than BATCH_MAX_RECORDS values, in the variables or written in the query,
 * before a resolver runs: a batch that large is refused whole rather than half-applied.
 */
export function limitBatchSize(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const longest = Math.max(longestList(args.variableValues), longestLiteralList(args.document));
      if (longest > BATCH_MAX_RECORDS) {
        const error = new AppError('VALIDATION', `Too many records: at most ${BATCH_MAX_RECORDS} in one call.`);
        setResultAndStopExecution({ errors: [error] });
      }
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (longestLiteralList(args.document) > BATCH_MAX_RECORDS) {
        setResultAndStopExecution({ errors: [new AppError('VALIDATION', `Too many records: at most ${BATCH_MAX_RECORDS} in one call.`)] });
      }
    },
  };
}

const KNOWN_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL_SERVER_ERROR',
]);

/**
 * Gives every error a code of DESIGN.md's list: an error raised before execution (a query that does
 * not parse or validate, a variable of the wrong type, a limit of graphql-armor) is the caller's
 * input, so it becomes VALIDATION.
 */
export function normalizeErrorCodes(): Plugin {
  return {
    onResultProcess({ result }) {
      if (!result || Symbol.asyncIterator in (result as object) || Array.isArray(result)) return;
      const errors = (result as { errors?: { extensions?: Record<string, unknown> }[] }).errors;
      for (const error of errors ?? []) {
        const code = error.extensions?.code;
        if (typeof code === 'string' && KNOWN_CODES.has(code)) continue;
        // GraphQLError's extensions object is frozen-shaped; replace it rather than mutate.
        Object.defineProperty(error, 'extensions', {
          value: { ...error.extensions, code: 'VALIDATION' },
          enumerable: true,
          configurable: true,
        });
      }
    },
  };
}
