import { BATCH_MAX_RECORDS } from '@groundwork/core/limits';
import { freeText, fromText, isMessageKey, msg } from '@groundwork/core/messages';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  Kind,
  typeFromAST,
  visit,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from './errors.js';

const NUL_MESSAGE = 'Text may not contain NUL characters (\\u0000).';

/** How deep a variable may nest: far beyond any input of ours (a filter's `and` nests a few levels). */
const MAX_VARIABLE_DEPTH = 32;

/**
 * Walks the variables once, iteratively (a 20,000-deep value must not overflow the stack): the longest
 * list, and the first problem with the shape: too deep, or a string with a NUL byte (PostgreSQL refuses
 * those in text, so they are refused here with a plain message instead).
 */
function inspectVariables(root: unknown): { longest: number; problem: string | null } {
  let longest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { longest, problem: NUL_MESSAGE };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth > MAX_VARIABLE_DEPTH) return { longest, problem: `Variables may nest at most ${MAX_VARIABLE_DEPTH} levels deep.` };
    if (Array.isArray(value)) {
      longest = Math.max(longest, value.length);
      if (longest > BATCH_MAX_RECORDS) return { longest, problem: null };
      for (const item of value) stack.push([item, depth + 1]);
    } else {
      for (const key of Object.keys(value)) stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return { longest, problem: null };
}

/** The longest list written in the query, and whether a string written there carries a NUL character. */
const literalsOf = new WeakMap<DocumentNode, { longest: number; nul: boolean }>();
/** Yoga hands the same parsed document to every request of one operation text: each is walked once. */
const inspectLiterals = (document: DocumentNode): { longest: number; nul: boolean } => {
  const known = literalsOf.get(document);
  if (known) return known;
  const found = walkLiterals(document);
  literalsOf.set(document, found);
  return found;
};

const walkLiterals = (document: DocumentNode): { longest: number; nul: boolean } => {
  let longest = 0;
  let nul = false;
  visit(document, {
    [Kind.LIST]: (node) => {
      longest = Math.max(longest, node.values.length);
    },
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) nul = true;
    },
  });
  return { longest, nul };
};

/**
 * Refuses any list of more than BATCH_MAX_RECORDS values, in the variables or written in the query,
 * before a resolver runs: a batch that large is refused whole rather than half-applied. Variables that
 * nest too deep or carry NUL characters are refused the same way.
 */
/** Whether variables pass limitBatchSize's checks (nesting, NUL, list length): for a request that skips Yoga. */
export function variablesPass(variables: unknown): boolean {
  const { longest, problem } = inspectVariables(variables);
  return !problem && longest <= BATCH_MAX_RECORDS;
}

export function limitBatchSize(): Plugin {
  const tooMany = () => new AppError('VALIDATION', msg('common.tooManyRecords', { max: BATCH_MAX_RECORDS }));
  return {
    // Before the document is even parsed: a hostile variables object costs one walk and no more.
    onParams({ params, setResult }) {
      const { longest, problem } = inspectVariables(params.variables);
      if (problem) setResult({ errors: [new AppError('VALIDATION', fromText(problem))] });
      else if (longest > BATCH_MAX_RECORDS) setResult({ errors: [tooMany()] });
    },
    onExecute({ args, setResultAndStopExecution }) {
      const { longest, nul } = inspectLiterals(args.document);
      if (nul) setResultAndStopExecution({ errors: [new AppError('VALIDATION', msg('common.nulText'))] });
      else if (longest > BATCH_MAX_RECORDS) {
        const error = new AppError('VALIDATION', msg('common.tooManyRecords', { max: BATCH_MAX_RECORDS }));
        setResultAndStopExecution({ errors: [error] });
      }
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (inspectLiterals(args.document).longest > BATCH_MAX_RECORDS) {
        setResultAndStopExecution({ errors: [new AppError('VALIDATION', msg('common.tooManyRecords', { max: BATCH_MAX_RECORDS }))] });
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
 * input, so it becomes VALIDATION. And every error a message key (issue 46): an AppError has its own;
 * the masked error is common.unexpected; anything else (graphql-js's and the libraries' words) the
 * generic common.text with its words as the value.
 */
export function normalizeErrorCodes(): Plugin {
  return {
    onResultProcess({ result }) {
      if (!result || Symbol.asyncIterator in (result as object) || Array.isArray(result)) return;
      const errors = (result as { errors?: { message: string; extensions?: Record<string, unknown> }[] }).errors;
      for (const [i, error] of (errors ?? []).entries()) {
        const code = error.extensions?.code;
        const known = typeof code === 'string' && KNOWN_CODES.has(code);
        const keyed = isMessageKey(error.extensions?.message_key);
        if (known && keyed) continue;
        const message = code === 'INTERNAL_SERVER_ERROR' ? msg('common.unexpected') : freeText(error.message);
        const extensions = {
          ...error.extensions,
          code: known ? code : 'VALIDATION',
          ...(keyed ? {} : { message_key: message.key, message_values: message.values }),
        };
        const descriptor = Object.getOwnPropertyDescriptor(error, 'extensions');
        if (!descriptor || descriptor.configurable) {
          // GraphQLError's extensions object is frozen-shaped; replace it rather than mutate.
          Object.defineProperty(error, 'extensions', { value: extensions, enumerable: true, configurable: true });
        } else {
          // graphql-jit's errors fix the property for good: the error is replaced by a plain one that reads the same.
          const { path } = error as { path?: readonly (string | number)[] };
          (errors as unknown[])[i] = new GraphQLError(error.message, { path, extensions });
        }
      }
    },
  };
}

/**
 * Whether an operation declares a variable whose input type refers to itself (a list filter's `and`),
 * at any depth: graphql-jit compiles variable coercion by unrolling input types, which never ends on those.
 */
export function usesRecursiveInputOf(schema: GraphQLSchema): (document: DocumentNode) => boolean {
  const recursive = new Map<string, boolean>();
  const refersToItself = (root: string): boolean => {
    const cached = recursive.get(root);
    if (cached !== undefined) return cached;
    const seen = new Set<string>();
    const stack = [root];
    let found = false;
    while (stack.length && !found) {
      const type = schema.getType(stack.pop() as string);
      if (!isInputObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type).name;
        if (named === root) found = true;
        else if (!seen.has(named)) {
          seen.add(named);
          stack.push(named);
        }
      }
    }
    recursive.set(root, found);
    return found;
  };
  const byDocument = new WeakMap<DocumentNode, boolean>();
  return (document) => {
    const known = byDocument.get(document);
    if (known !== undefined) return known;
    let uses = false;
    for (const def of document.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const v of def.variableDefinitions ?? []) {
        const type = typeFromAST(schema, v.type as never) as GraphQLInputType | undefined;
        if (!type) continue;
        const named = getNamedType(type).name;
        if (refersToItself(named) || [...recursive.keys()].some((k) => recursive.get(k) && refersTo(schema, named, k))) uses = true;
      }
    }
    byDocument.set(document, uses);
    return uses;
  };
}

/** Whether input type `from` reaches `to` through its fields. */
function refersTo(schema: GraphQLSchema, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length) {
    const type = schema.getType(stack.pop() as string);
    if (!isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type).name;
      if (named === to) return true;
      if (!seen.has(named)) {
        seen.add(named);
        stack.push(named);
      }
    }
  }
  return false;
}

/** Whether the document's operation is a subscription. */
export const isSubscription = (document: DocumentNode): boolean =>
  document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'subscription');
