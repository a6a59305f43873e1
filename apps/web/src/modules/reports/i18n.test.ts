import { REPORTS } from '@groundwork/core/reports';
import { describe, expect, it } from 'vitest';
import en from '../../locales/reports.en.json';
import es from '../../locales/reports.es.json';
import { REPORT_KEYS } from './search';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('reports strings', () => {
  it('has every English key in Spanish and no other', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('names every report of the catalogue, the same reports the server runs', () => {
    expect([...REPORT_KEYS]).toEqual([...REPORTS]);
    expect(Object.keys(en.reports).sort()).toEqual([...REPORTS].sort());
  });
});
