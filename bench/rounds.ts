import type autocannon from 'autocannon';

/**
 * Throughput passes of each operation, its targets (GraphQL, raw, PostGraphile) in turn, then in the other order:
 * this shared 2-core machine's speed drifts by a third within minutes, and one pass each judged a step of 0.05 no
 * better than a coin (docs/scale.md). The ratio is of the mean rates; each round's is printed beside it.
 */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? process.env.BENCH_MIX_ROUNDS ?? 2) || 2);

/** The targets in the order of round `round` (0-based): as given, then reversed, and so on. */
export function inTurn<T>(targets: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...targets] : [...targets].reverse();
}

/** One result with the mean rate of several runs of the same target (the latencies are the last run's). */
export function meanRate(runs: autocannon.Result[]): autocannon.Result {
  const last = runs[runs.length - 1];
  const average = runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
  return {
    ...last,
    requests: { ...last.requests, average },
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** Each round's ratio of `name` to raw, with both rates: "0.58 (2445/4213), …". */
export function roundRatios(runs: Map<string, autocannon.Result[]>, name: string): string {
  const mine = runs.get(name) ?? [];
  const raw = runs.get('raw') ?? [];
  return mine
    .map((g, k) => {
      const [q, r] = [g.requests.average, raw[k]?.requests.average ?? 0];
      return `${(q / Math.max(1, r)).toFixed(2)} (${q.toFixed(0)}/${r.toFixed(0)})`;
    })
    .join(', ');
}
