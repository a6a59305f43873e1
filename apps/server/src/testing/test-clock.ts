/**
 * A clock a test file moves: pass `now` to the app (`useTestApp({ deps: { now: clock.now } })`), then `set` a moment
 * and `reset` to the real time. It is the one clock of that app: the identity layer's and the modules' alike.
 */
export function testClock() {
  let fixed: Date | null = null;
  return {
    now: (): Date => (fixed ? new Date(fixed) : new Date()),
    set(at: string | Date) {
      fixed = new Date(at);
    },
    reset() {
      fixed = null;
    },
  };
}
