import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '@groundwork/core/identity';

const COMMON = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#')),
);

/** Spec §5 / DESIGN.md: 8 to 256 characters, no composition rules, common passwords refused. Null when fine. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Password is required.';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (COMMON.has(password.toLowerCase())) return 'Password is too common: it appears in lists of the most used passwords. Choose another.';
  return null;
}
