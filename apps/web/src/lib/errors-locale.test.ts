import { ERROR_MESSAGES, placeholdersOf } from '@groundwork/core/messages';
import { describe, expect, it } from 'vitest';
import en from '../locales/errors.en.json';
import es from '../locales/errors.es.json';

// Issue 46: the errors namespace is core's message catalogue (lib/refusals.ts shows a refusal by its key from here).
const flat = (tree: Record<string, Record<string, string>>) =>
  Object.fromEntries(Object.entries(tree).flatMap(([ns, entries]) => Object.entries(entries).map(([k, v]) => [`${ns}.${k}`, v])));

describe('the errors namespace', () => {
  it('has exactly core’s keys and English', () => {
    expect(flat(en)).toEqual(ERROR_MESSAGES);
  });

  it('has every key in Spanish, with the same placeholders', () => {
    const spanish = flat(es);
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
    for (const [key, english] of Object.entries(ERROR_MESSAGES)) {
      expect(spanish[key], key).toBeTruthy();
      expect(placeholdersOf(spanish[key] as string).sort(), key).toEqual(placeholdersOf(english).sort());
    }
  });
});
