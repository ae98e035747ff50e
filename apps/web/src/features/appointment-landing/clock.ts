import { createContext, useContext, useEffect, useState } from 'react';

/** Where the landing page reads the time: the browser's clock, or a test's. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The clock of the landing page; a test provides its own (the browser test moves Playwright's `page.clock`). */
export const ClockContext = createContext<Clock>(systemClock);

/** The current time in epoch milliseconds, read again every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), everyMs);
    return () => clearInterval(timer);
  }, [clock, everyMs]);
  return now;
}
