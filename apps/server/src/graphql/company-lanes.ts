/**
 * Fairness between companies on one instance (issue 49). An operation whose work grows with the company's size (a
 * report over months, the four-week board, a chatbot step) runs in one of its company's few lanes. While a company's
 * lanes are all busy, its next heavy request waits its turn, first come first served, holding no database
 * connection; other companies' requests never wait for it.
 *
 * Lanes bound how many heavy requests a company runs at once, not how much of the machine they take: one lane kept
 * busy back to back is a whole core of the database and the server (a labor report is ~0.3 s of PostgreSQL's CPU).
 * So while other companies are being served, a company's heavy work also keeps to its `share` of the time: a heavy
 * request that took `t` lets the company's next one start only `t × (1 − share) / share` later. With nobody else
 * being served (a company alone on an instance at night) nothing waits beyond the lanes.
 */
export class CompanyLanes {
  private readonly companies = new Map<string, { running: number; waiting: (() => void)[] }>();
  /** When each company's next heavy request may start while others are served (ms, `now()`'s clock). */
  private readonly resumeAt = new Map<string, number>();
  /** Requests in flight through the gate, per company and in all (track()). */
  private readonly active = new Map<string, number>();
  private activeTotal = 0;

  constructor(
    readonly perCompany: number,
    readonly share = 1,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(perCompany) || perCompany < 1)
      throw new Error(`CompanyLanes: perCompany must be a positive integer, not ${perCompany}`);
    if (!(share > 0 && share <= 1)) throw new Error(`CompanyLanes: share must be above 0 and at most 1, not ${share}`);
  }

  /** Counts `work` as a request of the company in flight (every operation through the gate, heavy or not). */
  async track<T>(tenantUuid: string, work: () => Promise<T>): Promise<T> {
    this.active.set(tenantUuid, (this.active.get(tenantUuid) ?? 0) + 1);
    this.activeTotal++;
    try {
      return await work();
    } finally {
      this.activeTotal--;
      const left = (this.active.get(tenantUuid) ?? 1) - 1;
      if (left === 0) this.active.delete(tenantUuid);
      else this.active.set(tenantUuid, left);
    }
  }

  /** Whether a request of another company than this one is in flight. */
  othersActive(tenantUuid: string): boolean {
    return this.activeTotal - (this.active.get(tenantUuid) ?? 0) > 0;
  }

  /** Runs `work` in one of the company's lanes, once one is free and the company is within its share. */
  async run<T>(tenantUuid: string, work: () => Promise<T>): Promise<T> {
    let company = this.companies.get(tenantUuid);
    if (!company) {
      company = { running: 0, waiting: [] };
      this.companies.set(tenantUuid, company);
    }
    if (company.running < this.perCompany) company.running++;
    // The lane is handed over by the request that leaves it (running stays counted), so none can jump the queue.
    else await new Promise<void>((resolve) => company.waiting.push(resolve));
    try {
      if (this.share === 1) return await work();
      // Within its share: wait (in its lane) until the company's time comes, or until nobody else is being served.
      for (let wait = this.waitFor(tenantUuid); wait > 0; wait = this.waitFor(tenantUuid)) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 50)));
      }
      const started = this.now();
      try {
        return await work();
      } finally {
        const ended = this.now();
        if (this.othersActive(tenantUuid)) {
          const from = Math.max(this.resumeAt.get(tenantUuid) ?? 0, ended);
          this.resumeAt.set(tenantUuid, from + ((ended - started) * (1 - this.share)) / this.share);
          // Companies that have not come back since their time came keep no entry for long.
          if (this.resumeAt.size > 1024) for (const [id, at] of this.resumeAt) if (at <= ended) this.resumeAt.delete(id);
        }
      }
    } finally {
      const next = company.waiting.shift();
      if (next) next();
      else if (--company.running === 0) this.companies.delete(tenantUuid);
    }
  }

  /** How long the company's next heavy request waits for its share (0: it may start). */
  private waitFor(tenantUuid: string): number {
    const at = this.resumeAt.get(tenantUuid);
    if (at === undefined) return 0;
    const wait = at - this.now();
    if (wait <= 0) {
      this.resumeAt.delete(tenantUuid);
      return 0;
    }
    return this.othersActive(tenantUuid) ? wait : 0;
  }

  /** Requests of the company running and waiting now (for tests and metrics). */
  load(tenantUuid: string): { running: number; waiting: number } {
    const company = this.companies.get(tenantUuid);
    return { running: company?.running ?? 0, waiting: company?.waiting.length ?? 0 };
  }
}
