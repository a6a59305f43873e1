import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n-resources';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('shell translations', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(resources.es.shell).sort()).toEqual(keys(resources.en.shell).sort());
  });

  it('keeps the spec texts verbatim in English', () => {
    const en = resources.en.shell;
    expect(en.theme.saveFailed).toBe('Unable to save theme preference, please try again later.');
    expect(en.offline.title).toBe('No Connection');
    expect(en.offline.body).toBe('Please check your network connection.');
    expect(en.back.pressAgainToExit).toBe('Press back again to exit');
    expect(en.qbo.title).toBe('QuickBooks Disconnected');
    expect([en.dialog.delete, en.dialog.cancel, en.dialog.save]).toEqual(['Delete', 'Cancel', 'Save']);
  });
});
