import { atField, fromText, msg } from '@groundwork/core/messages';
import type { z } from 'zod';
import { AppError } from './errors.js';

/** The value as the schema reads it, or VALIDATION naming the first issue's field ('field: message'). */
export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError('VALIDATION', atField(field, issue ? fromText(issue.message) : msg('common.invalid')), { field });
}
