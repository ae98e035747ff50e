import { useCallback, useState } from 'react';

/**
 * What a tab keeps for the session (sessionStorage): a wizard's answers, a booking's hold. Gone
 * when the tab closes; a browser that refuses storage simply keeps nothing.
 */
export function readSessionValue(key: string): unknown {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? undefined : (JSON.parse(stored) as unknown);
  } catch {
    return undefined;
  }
}

export function writeSessionValue(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the wizard still works, it only forgets on reload.
  }
}

export function clearSessionValue(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** A component's state kept for the session under `key`: a reload starts from what was kept. */
export function useSessionState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (readSessionValue(key) as T | undefined) ?? initial);
  const set = useCallback(
    (next: T) => {
      writeSessionValue(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
