import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n-resources';
import { PAGE_TITLE_SEGMENTS, pageTitle } from './page-title';

describe('pageTitle', () => {
  it('capitalises a single segment', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard');
  });

  it('uses only the last segment and splits it on dashes', () => {
    expect(pageTitle('/modules/project-notes')).toBe('Project Notes');
    expect(pageTitle('/reports/people-report')).toBe('People Report');
  });

  it('keeps digits and the rest of each word as they are', () => {
    expect(pageTitle('/modules/tool20')).toBe('Tool20');
  });

  it('gives Page Not Found for an empty last segment', () => {
    expect(pageTitle('/')).toBe('Page Not Found');
    expect(pageTitle('')).toBe('Page Not Found');
    expect(pageTitle('/admin/')).toBe('Page Not Found');
  });

  it('uses the given fallback for an empty segment', () => {
    expect(pageTitle('/', 'Página no encontrada')).toBe('Página no encontrada');
  });
});

describe('pageTitle in the reader’s language (issue 46)', () => {
  const en = resources.en.shell.pageTitles as Record<string, string>;
  const es = resources.es.shell.pageTitles as Record<string, string>;
  const names = (strings: Record<string, string>) => (segment: string) => strings[segment];

  it('uses the segment’s name when there is one and the rule otherwise', () => {
    expect(pageTitle('/modules/project-notes', 'Página no encontrada', names(es))).toBe('Notas de proyecto');
    expect(pageTitle('/modules/tool20', 'Página no encontrada', names(es))).toBe('Herramientas');
    expect(pageTitle('/modules/something-new', 'Página no encontrada', names(es))).toBe('Something New');
    expect(pageTitle('/', 'Página no encontrada', names(es))).toBe('Página no encontrada');
  });

  it('names every segment of the signed-in routes in both languages, English exactly as the rule gives it', () => {
    for (const segment of PAGE_TITLE_SEGMENTS) {
      const path = `/modules/${segment}`;
      expect(pageTitle(path, undefined, names(en)), segment).toBe(pageTitle(path));
      expect(es[segment], segment).toBeTruthy();
    }
    expect(Object.keys(en).sort()).toEqual([...PAGE_TITLE_SEGMENTS].sort());
    expect(Object.keys(es).sort()).toEqual([...PAGE_TITLE_SEGMENTS].sort());
    expect(pageTitle('/admin/people', undefined, names(es))).toBe('Personas');
    expect(pageTitle('/reports/people-report', undefined, names(es))).toBe('Informe de personas');
    expect(pageTitle('/user-profile', undefined, names(es))).toBe('Perfil de usuario');
  });

  it('covers every route the router has under the app layout', () => {
    const source = Object.values(import.meta.glob('../app/router.tsx', { query: '?raw', import: 'default', eager: true }))[0] as string;
    const paths = [...source.matchAll(/(?:path: |schedulingPage\()'([a-z0-9/-]+)'/g)].map((m) => m[1]);
    // The landing page and the empty layout's screens have no app bar.
    const appview = paths.filter((p) => !['/', 'join', 'select-tenant', 'create-company'].includes(p));
    expect(appview.length).toBeGreaterThan(20);
    for (const path of appview) expect(PAGE_TITLE_SEGMENTS, path).toContain(path.split('/').pop());
  });
});
