/** The one source of "now" for the server; tests and local e2e runs can move it. */
export interface Clock {
  now(): Date;
  /** Shift time by `ms` from the real clock (0 returns to real time). */
  setOffset(ms: number): void;
  offset(): number;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    setOffset(ms) {
      offsetMs = ms;
    },
    offset: () => offsetMs,
  };
}
