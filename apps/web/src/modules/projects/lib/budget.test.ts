import { describe, expect, it } from 'vitest';
import { budgetTotals, parseAmount, withDrafts } from './budget';

const line = (id: number, status: number, amounts: Partial<Record<string, number>> = {}) => ({
  id,
  status,
  hrsbdg: 0,
  matbdg: 0,
  labbdg: 0,
  eqpbdg: 0,
  subbdg: 0,
  othbdg: 0,
  actual_hours: 0,
  ...amounts,
});

describe('budget totals', () => {
  it('starts at zero for all six amounts and the actual hours', () => {
    expect(budgetTotals([])).toEqual({ hrsbdg: 0, matbdg: 0, labbdg: 0, eqpbdg: 0, subbdg: 0, othbdg: 0, actual_hours: 0 });
  });

  it('sums only the lines that are on (status 1)', () => {
    const totals = budgetTotals([
      line(1, 1, { hrsbdg: 80, matbdg: 2500.5, actual_hours: 12 }),
      line(2, 1, { hrsbdg: 20, labbdg: 4000, subbdg: 15000 }),
      line(3, 0, { hrsbdg: 1000, matbdg: 99999, actual_hours: 50 }),
    ]);
    expect(totals).toEqual({ hrsbdg: 100, matbdg: 2500.5, labbdg: 4000, eqpbdg: 0, subbdg: 15000, othbdg: 0, actual_hours: 12 });
  });

  it('applies typed drafts live and ignores unusable ones', () => {
    const lines = [line(1, 1, { hrsbdg: 80, matbdg: 100 }), line(2, 1, { hrsbdg: 20 })];
    const totals = budgetTotals(lines, { 1: { hrsbdg: '100', matbdg: '-5' }, 2: { othbdg: 'abc', eqpbdg: '0.1' } });
    expect(totals.hrsbdg).toBe(120);
    expect(totals.matbdg).toBe(100);
    expect(totals.othbdg).toBe(0);
    expect(totals.eqpbdg).toBe(0.1);
  });

  it('rounds away binary noise', () => {
    expect(budgetTotals([line(1, 1, { matbdg: 0.1 }), line(2, 1, { matbdg: 0.2 })]).matbdg).toBe(0.3);
  });

  it('parses amounts', () => {
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBe(1000);
    expect(withDrafts(line(1, 1, { hrsbdg: 5 }), {}).hrsbdg).toBe(5);
  });
});
