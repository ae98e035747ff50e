import { useEffect, useState } from 'react';
import { nowSeconds } from './format';

/** The current time in epoch seconds, ticking every `everyMs` (timers and lateness need it). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
