import { vi } from 'vitest';
import type { Db } from '../platform/db';

/** Counts the statements the app sends to the database during `run` (PGlite and node-postgres both go through `query`). */
export async function countQueries<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await run();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
