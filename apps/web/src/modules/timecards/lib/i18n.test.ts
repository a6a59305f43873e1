import { describe, expect, it } from 'vitest';
import en from '../../../locales/timecards.en.json';
import es from '../../../locales/timecards.es.json';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('timecards translations', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('keeps the server’s refusals verbatim in English (spec §8: the spec’s texts are the English strings)', () => {
    expect(en.refusals.locked).toBe('This time card is signed and locked. Ask an admin to reopen it.');
    expect(en.refusals.increment).toBe('Hours must be in steps of {{minutes}} minutes.');
    expect(en.messages.fetchFailed).toBe('There was a problem fetching time cards.');
  });
});
