/**
 * Fairness between companies on one instance (issue 49): an operation whose work grows with the company's size (a
 * report over months, the four-week board, an export, a chatbot step) runs in one of its company's few lanes. While a
 * company's lanes are all busy, its next heavy request waits its turn, first come first served, holding no database
 * connection; other companies' requests never wait for it. A company running month-end reports flat out therefore
 * takes at most `perCompany` lanes' worth of the machine, and the crews of every other company keep their speed.
 */
export class CompanyLanes {
  private readonly companies = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(readonly perCompany: number) {
    if (!Number.isInteger(perCompany) || perCompany < 1)
      throw new Error(`CompanyLanes: perCompany must be a positive integer, not ${perCompany}`);
  }

  /** Runs `work` in one of the company's lanes, once one is free. */
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
      return await work();
    } finally {
      const next = company.waiting.shift();
      if (next) next();
      else if (--company.running === 0) this.companies.delete(tenantUuid);
    }
  }

  /** Requests of the company running and waiting now (for tests and metrics). */
  load(tenantUuid: string): { running: number; waiting: number } {
    const company = this.companies.get(tenantUuid);
    return { running: company?.running ?? 0, waiting: company?.waiting.length ?? 0 };
  }
}
