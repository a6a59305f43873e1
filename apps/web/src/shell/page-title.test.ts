import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

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
