/**
 * One computation for many askers (issue 49): sixteen planners opening the company's four-week board at once ask for
 * the same rows, and the database would otherwise build the board sixteen times, one after the other in the
 * company's lanes. A read marked shareable (`share` on a tenantQuery) that finds the same company's same read in
 * flight waits for its answer instead of starting its own: no lane, no connection held while it waits.
 *
 * What keeps a shared answer right:
 * - **The company and the key.** Flights are kept per company; the key is the operation, its arguments and what of the
 *   answer the query selects. Only callers with the same access (`all`) share (gate.ts checks each one: session, company,
 *   active member, permission, before it may join).
 * - **Writes.** When a write transaction of the company ends on this instance (committed or not), every flight of that
 *   company in progress is forgotten: a request that comes after the write starts its own read, so a planner always
 *   sees their own change. A write made through another instance can be missed by a read that started before it
 *   committed and was joined after: at most one computation's time (~0.1 s) old, as if the request had come that much
 *   earlier.
 * - **Failures.** A flight that fails is not shared as a failure: each waiting request runs its own read, so one
 *   caller's error (a timeout, a lane refused) never becomes another's.
 */
export class SharedReads {
  private readonly flights = new Map<string, Map<string, Promise<unknown>>>();
  /** Requests answered by another's flight since start (metrics and tests). */
  joined = 0;

  /** The company's flight for `key` if one is in progress, else `read` started as the flight others may join. */
  run<T>(tenantUuid: string, key: string, read: () => Promise<T>): Promise<T> {
    const inFlight = this.flights.get(tenantUuid)?.get(key) as Promise<T> | undefined;
    if (inFlight) {
      this.joined++;
      return inFlight.catch(() => read());
    }
    const flight = read();
    let byKey = this.flights.get(tenantUuid);
    if (!byKey) {
      byKey = new Map();
      this.flights.set(tenantUuid, byKey);
    }
    byKey.set(key, flight);
    const done = () => {
      const current = this.flights.get(tenantUuid);
      if (current?.get(key) !== flight) return;
      current.delete(key);
      if (current.size === 0) this.flights.delete(tenantUuid);
    };
    flight.then(done, done);
    return flight;
  }

  /** A write of the company ended: no request from now on joins a flight that began before it. */
  forget(tenantUuid: string): void {
    this.flights.delete(tenantUuid);
  }

  /** Flights in progress (tests). */
  get size(): number {
    let n = 0;
    for (const byKey of this.flights.values()) n += byKey.size;
    return n;
  }
}
