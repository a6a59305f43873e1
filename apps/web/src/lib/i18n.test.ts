import { describe, expect, it } from 'vitest';
import { detectLanguage, resources } from './i18n';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18n', () => {
  it('has the same keys in every language', () => {
    expect(keys(resources.es.translation).sort()).toEqual(keys(resources.en.translation).sort());
  });

  it('picks the first supported browser language, else English', () => {
    expect(detectLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(detectLanguage(['EN-gb'])).toBe('en');
    expect(detectLanguage(['fr'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});
