import { parseCents, RECEIPT_LIMITS, splitsProblem } from '@groundwork/core/receipts';

/** One line of the split editor as typed: the amount is still text. */
export interface SplitLine {
  key: number;
  jobs_id: number | null;
  costcodes_id: number | null;
  amount: string;
}

export interface SplitSummary {
  /** What the lines add up to so far (unparseable amounts count as zero). */
  allocatedCents: number;
  /** Total minus allocated: positive is still to place, negative is too much. */
  remainingCents: number;
  /** The core rule's message (in English, the key the web translates), or a line without a job; null when fine. */
  problem: string | null;
  /** Lines whose amount is not a positive amount. */
  badAmounts: number[];
  /** Lines without a job. */
  missingJobs: number[];
  valid: boolean;
}

export const MISSING_JOB = 'Choose a job for each line.';

/**
 * The live state of a split: how much is left to place and whether the lines may be saved. The rule itself is the
 * core's `splitsProblem` (2..20 lines, each more than zero, adding up exactly), the same the server applies.
 */
export function summarizeSplits(totalCents: number | null, lines: readonly SplitLine[]): SplitSummary {
  const cents = lines.map((line) => parseCents(line.amount));
  const allocatedCents = cents.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  const remainingCents = (totalCents ?? 0) - allocatedCents;
  const badAmounts = cents.flatMap((c, i) => (c === null || c <= 0 ? [i] : []));
  const missingJobs = lines.flatMap((line, i) => (line.jobs_id === null ? [i] : []));
  const core = splitsProblem(
    totalCents ?? 0,
    cents.map((c) => ({ amount_cents: c ?? 0 })),
  );
  const problem = core?.message ?? (missingJobs.length ? MISSING_JOB : null);
  return {
    allocatedCents,
    remainingCents,
    problem,
    badAmounts,
    missingJobs,
    valid: totalCents !== null && problem === null && lines.length >= RECEIPT_LIMITS.minSplits,
  };
}

/** The lines as saveReceipt takes them (call only when valid). */
export function splitInputs(lines: readonly SplitLine[]) {
  return lines.map((line) => ({
    jobs_id: line.jobs_id as number,
    costcodes_id: line.costcodes_id,
    amount_cents: parseCents(line.amount) ?? 0,
  }));
}
