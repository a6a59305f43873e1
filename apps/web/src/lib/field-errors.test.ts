import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateFieldError } from './field-errors';

// A namespace's t: the key, and the count when there is one.
const t = ((key: string, options?: { count?: number }) =>
  options?.count === undefined ? `[${key}]` : `[${key}:${options.count}]`) as unknown as TFunction<'people', undefined>;

describe('translateFieldError', () => {
  it('shows the shared rules’ messages in the reader’s language', () => {
    expect(translateFieldError(t, 'This field is required')).toBe('[errors.required]');
    expect(translateFieldError(t, 'Please enter a valid email')).toBe('[errors.email]');
    expect(translateFieldError(t, 'Invalid format')).toBe('[errors.invalidFormat]');
    expect(translateFieldError(t, 'You must enter a maximum of 100 characters')).toBe('[errors.max:100]');
    expect(translateFieldError(t, 'Invalid input: expected string, received null')).toBe('[errors.required]');
  });

  it('takes a module’s own messages, and shows an unknown one as it came', () => {
    const specific = { 'Budget amounts cannot be negative.': 'errors.negative' };
    expect(translateFieldError(t, 'Budget amounts cannot be negative.', specific)).toBe('[errors.negative]');
    expect(translateFieldError(t, 'Budget amounts cannot be negative.')).toBe('Budget amounts cannot be negative.');
    expect(translateFieldError(t, undefined)).toBeUndefined();
  });
});
