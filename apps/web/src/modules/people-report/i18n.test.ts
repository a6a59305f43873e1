import { describe, expect, it } from 'vitest';
import en from '../../locales/people-report.en.json';
import es from '../../locales/people-report.es.json';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('people report translations', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('uses the spec’s message patterns in English', () => {
    expect(en.fetchError).toBe('There was a problem fetching the people report.');
    expect(en.graph.fetchError).toBe('There was a problem fetching the graph.');
    expect(en.export.failed).toMatch(/^Failed to /);
  });
});
