import { describe, expect, it } from 'vitest';
import { createI18n, detectLanguage, loadShellNamespaces, NAMESPACES } from './i18n';
import { resources } from './i18n-resources';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18n', () => {
  it('has the same keys in every language', () => {
    expect(keys(resources.es.translation).sort()).toEqual(keys(resources.en.translation).sort());
  });

  it('has a loader for every namespace, giving the same strings in each language', async () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
    expect(Object.keys(resources.es).sort()).toEqual(Object.keys(resources.en).sort());
    const fresh = createI18n('es');
    await fresh.init();
    expect(fresh.hasLoadedNamespace('auth')).toBe(false);
    await fresh.loadNamespaces(['auth', 'timecards']);
    expect(fresh.getResourceBundle('es', 'auth')).toEqual(resources.es.auth);
    expect(fresh.getResourceBundle('es', 'timecards')).toEqual(resources.es.timecards);
    expect(fresh.t('auth:forgot.title')).toBe(resources.es.auth.forgot.title);
  });

  it('loads every namespace in each language from its own chunk or bundle', async () => {
    for (const language of ['en', 'es'] as const) {
      const fresh = createI18n(language);
      await fresh.init();
      await fresh.loadNamespaces([...NAMESPACES]);
      for (const namespace of NAMESPACES) expect(fresh.getResourceBundle(language, namespace)).toEqual(resources[language][namespace]);
    }
  });

  it('fetches what the signed-in frame renders with before it renders, and no other screen’s strings', async () => {
    // A namespace missing here would stop the frame's first render half-way (React suspends it and starts over).
    const fresh = createI18n('es');
    await fresh.init();
    await loadShellNamespaces(fresh);
    for (const namespace of ['translation', 'shell', 'profile', 'announcements', 'dashboard']) {
      expect(fresh.hasLoadedNamespace(namespace)).toBe(true);
    }
    expect(fresh.hasLoadedNamespace('timecards')).toBe(false);
  });

  it('picks the first supported browser language, else English', () => {
    expect(detectLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(detectLanguage(['EN-gb'])).toBe('en');
    expect(detectLanguage(['fr'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});
