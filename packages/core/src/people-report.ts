import { z } from 'zod';

/**
 * The people report (/reports/people-report, issue 27) and the company graph (/reports/graph): their rules, shared by
 * the server's queries and the web page.
 */

/** Tenure buckets from the hire date, in whole years completed: under 1, 1 to under 3, 3 to under 5, 5 and more. */
export const TENURE_BUCKETS = ['lt1', '1to3', '3to5', '5plus', 'unknown'] as const;
export type TenureBucket = (typeof TENURE_BUCKETS)[number];

/** Whole years between `hiredate` and `today` (both YYYY-MM-DD): a birthday-style count. */
export function yearsBetween(hiredate: string, today: string): number {
  const [hy, hm, hd] = hiredate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let years = ty - hy;
  if (tm < hm || (tm === hm && td < hd)) years -= 1;
  return years;
}

/** The bucket of a hire date; no date (or one in the future) is 'unknown'. */
export function tenureBucket(hiredate: string | null | undefined, today: string): TenureBucket {
  if (!hiredate || hiredate > today) return 'unknown';
  const years = yearsBetween(hiredate, today);
  if (years < 1) return 'lt1';
  if (years < 3) return '1to3';
  if (years < 5) return '3to5';
  return '5plus';
}

/** employees.trades is the spec's JSON string of names; anything else (blank, malformed) is no trade. */
export function parseTradeList(trades: string | null | undefined): string[] {
  if (!trades) return [];
  try {
    const parsed: unknown = JSON.parse(trades);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((x): x is string => typeof x === 'string').map((x) => x.trim()))].filter(Boolean);
  } catch {
    return [];
  }
}

/** People who have not signed in for this many days are listed. */
export const INACTIVE_DAYS = 30;
/** Page sizes of the report's two lists. */
export const REPORT_PAGE_DEFAULT = 50;
export const REPORT_PAGE_MAX = 200;

/** A contact detail a person lacks: their work e-mail, their cell phone. */
export const MISSING_CONTACT = ['email', 'phone'] as const;
export type MissingContact = (typeof MISSING_CONTACT)[number];

/** Which contact details are missing (blank counts as missing). */
export function missingContact(p: { email?: string | null; cellphone?: string | null }): MissingContact[] {
  const out: MissingContact[] = [];
  if (!p.email?.trim()) out.push('email');
  if (!p.cellphone?.trim()) out.push('phone');
  return out;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD).');
const page = z.number().int('Must be a whole number.');

/** The report's arguments, as the server validates them. */
export const peopleReportArgs = z.object({
  today: day.nullish(),
  limit: page.min(1, 'Must be at least 1.').max(REPORT_PAGE_MAX, `Must be at most ${REPORT_PAGE_MAX}.`).nullish(),
  missing_offset: page.min(0, 'Must not be negative.').nullish(),
  inactive_offset: page.min(0, 'Must not be negative.').nullish(),
});

// --- The company graph ---------------------------------------------------------------------------

/** What a node of the company graph stands for. A person is one node whatever their roles on the drawn jobs. */
export const GRAPH_NODE_KINDS = ['job', 'person', 'container', 'tool', 'vendor'] as const;
export type GraphNodeKind = (typeof GRAPH_NODE_KINDS)[number];

/**
 * What an edge says: job to person (foreman, pm, crew: scheduled on the job soon), job or person to a container
 * (at_job: the container is at the job; assigned: the person keeps it), container to tool (holds), job to vendor
 * (orders: the vendor has an open order for the job).
 */
export const GRAPH_EDGE_KINDS = ['foreman', 'pm', 'crew', 'at_job', 'assigned', 'holds', 'orders'] as const;
export type GraphEdgeKind = (typeof GRAPH_EDGE_KINDS)[number];

/** Crew scheduled on a job within this many days from today (today included) are drawn. */
export const GRAPH_CREW_DAYS = 14;
/** The most nodes one answer holds; past it the answer says it was cut (`truncated`). */
export const GRAPH_MAX_NODES = 500;
/**
 * Without a job filter, the first job (by the jobs list's sort) is drawn with its ties: one job of the demo company is
 * already some 30 nodes, about what one screen shows readably.
 */
export const GRAPH_JOBS_WITHOUT_FILTER = 1;
/** At most this many tools drawn per container (the container's label says how many it holds). */
export const GRAPH_TOOLS_PER_CONTAINER = 20;
/** The job list beside the graph (for the job filter) holds at most this many active jobs. */
export const GRAPH_JOB_LIST_MAX = 500;

export const companyGraphArgs = z.object({
  jobs_id: z.number().int('Must be a whole number.').positive('Must be a job id.').nullish(),
  kinds: z
    .array(z.enum(GRAPH_NODE_KINDS, { message: `Each must be one of ${GRAPH_NODE_KINDS.join(', ')}.` }))
    .max(GRAPH_NODE_KINDS.length, 'Too many kinds.')
    .nullish(),
  today: day.nullish(),
});
