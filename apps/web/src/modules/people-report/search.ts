/** /reports/graph query keys: job (a job id) picks the job drawn; without it the first jobs are drawn. Plain code (no zod): the router imports it. */
export interface GraphSearch {
  job?: number;
}

export function validateGraphSearch(raw: Record<string, unknown>): GraphSearch {
  const job = Number(raw.job);
  return raw.job !== undefined && Number.isInteger(job) && job > 0 ? { job } : {};
}
