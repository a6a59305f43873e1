import { BUDGET_AMOUNTS, type BudgetAmount } from '@groundwork/core/jobs';

export type BudgetTotals = Record<BudgetAmount | 'actual_hours', number>;

export interface BudgetLineValues extends Partial<Record<BudgetAmount, number>> {
  id: number;
  status: number;
  actual_hours?: number;
}

/** Unsaved edits per line id: the text the person typed into each amount. */
export type BudgetDrafts = Record<number, Partial<Record<BudgetAmount, string>>>;

/** A typed amount as a number, or null when it is not a usable amount (empty, negative, not a number). */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** A line with its drafts applied; an unusable draft keeps the saved amount. */
export function withDrafts<T extends BudgetLineValues>(line: T, drafts: BudgetDrafts): T {
  const draft = drafts[line.id];
  if (!draft) return line;
  const next = { ...line };
  for (const key of BUDGET_AMOUNTS) {
    const text = draft[key];
    if (text === undefined) continue;
    const value = parseAmount(text);
    if (value !== null) next[key] = value;
  }
  return next;
}

/** Sums over the lines that are on (status 1), as the server does for listProjectBudget. */
export function budgetTotals(lines: readonly BudgetLineValues[], drafts: BudgetDrafts = {}): BudgetTotals {
  const totals = { actual_hours: 0 } as BudgetTotals;
  for (const key of BUDGET_AMOUNTS) totals[key] = 0;
  for (const raw of lines) {
    if (raw.status !== 1) continue;
    const line = withDrafts(raw, drafts);
    for (const key of BUDGET_AMOUNTS) totals[key] += line[key] ?? 0;
    totals.actual_hours += line.actual_hours ?? 0;
  }
  // Cents and tenths of hours add up with binary noise; round for display and comparison.
  for (const key of Object.keys(totals) as (keyof BudgetTotals)[]) totals[key] = Math.round(totals[key] * 100) / 100;
  return totals;
}
