/**
 * The server's notion of "now", in one place so rules that depend on the date (time-entry windows,
 * expiries) can be tested at any moment. Tests set `clock.now`; nothing else should.
 */
export const clock = { now: (): Date => new Date() };
