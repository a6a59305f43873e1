import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n-resources';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('company, dashboard and access translations', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(resources.es.company).sort()).toEqual(keys(resources.en.company).sort());
    expect(keys(resources.es.dashboard).sort()).toEqual(keys(resources.en.dashboard).sort());
    expect(keys(resources.es.shell.navItems).sort()).toEqual(keys(resources.en.shell.navItems).sort());
  });

  it('keeps the spec texts verbatim in English', () => {
    expect(resources.en.shell.access).toEqual({
      unauthPage: 'Unauthorized page. Redirected to dashboard.',
      unauthSettings: 'You are not authorized to access that settings area.',
      unauthOther: 'Unauthorized.',
    });
    expect(resources.en.company.delete.failed).toBe('There was a problem deleting account.');
    expect(resources.en.company.validation.required).toBe('This field is required');
  });

  it("follows the spec's 'There was a problem …' wording for failures", () => {
    const failures = keys(resources.en.company)
      .filter((key) => /Failed$|\.failed$/.test(key))
      .map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.en.company));
    expect(failures.length).toBeGreaterThan(10);
    for (const text of failures) expect(text).toMatch(/^There was a problem (fetching|adding|updating|deleting|creating) .+\.$/);
  });
});
