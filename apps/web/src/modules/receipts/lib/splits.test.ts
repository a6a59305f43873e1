import { RECEIPT_MESSAGES } from '@groundwork/core/receipts';
import { describe, expect, it } from 'vitest';
import { MISSING_JOB, type SplitLine, splitInputs, summarizeSplits } from './splits';

const line = (key: number, jobs_id: number | null, amount: string, costcodes_id: number | null = null): SplitLine => ({
  key,
  jobs_id,
  costcodes_id,
  amount,
});

describe('summarizeSplits', () => {
  it('shows what is left to place and refuses lines that do not add up, with the core rule’s message', () => {
    const s = summarizeSplits(10_000, [line(1, 7, '60'), line(2, 8, '30.50')]);
    expect(s.allocatedCents).toBe(9_050);
    expect(s.remainingCents).toBe(950);
    expect(s.problem).toBe(RECEIPT_MESSAGES.splitsTotal);
    expect(s.valid).toBe(false);
  });

  it('goes negative when the lines are over the total', () => {
    const s = summarizeSplits(10_000, [line(1, 7, '80'), line(2, 8, '30')]);
    expect(s.remainingCents).toBe(-1_000);
    expect(s.valid).toBe(false);
  });

  it('is valid when two or more lines with jobs add up exactly', () => {
    const s = summarizeSplits(12_345, [line(1, 7, '100', 3), line(2, 8, '23.45')]);
    expect(s).toMatchObject({ remainingCents: 0, problem: null, valid: true });
    expect(splitInputs([line(1, 7, '100', 3), line(2, 8, '23.45')])).toEqual([
      { jobs_id: 7, costcodes_id: 3, amount_cents: 10_000 },
      { jobs_id: 8, costcodes_id: null, amount_cents: 2_345 },
    ]);
  });

  it('needs a job on every line, a positive amount on each, and at least two lines', () => {
    expect(summarizeSplits(5_000, [line(1, 7, '25'), line(2, null, '25')])).toMatchObject({
      problem: MISSING_JOB,
      missingJobs: [1],
      valid: false,
    });
    expect(summarizeSplits(5_000, [line(1, 7, '50'), line(2, 8, '0')])).toMatchObject({
      problem: RECEIPT_MESSAGES.splitAmount,
      badAmounts: [1],
      valid: false,
    });
    expect(summarizeSplits(5_000, [line(1, 7, '50')])).toMatchObject({ problem: RECEIPT_MESSAGES.splitsCount, valid: false });
  });

  it('is never valid without a total', () => {
    expect(summarizeSplits(null, [line(1, 7, '1'), line(2, 8, '1')]).valid).toBe(false);
  });
});
