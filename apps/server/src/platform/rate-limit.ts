import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db';
import type { Clock } from './clock';

/**
 * Counters kept in the database, so every server process shares them.
 * Fixed windows: `hit` adds `amount` (one by default) and returns the count in the current window;
 * `peek` only reads it. Failures: `fail` counts one more failure and remembers when it happened,
 * `failures` reads them; both forget failures `forgetSeconds` after the last one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowSeconds: number, amount = 1): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - windowSeconds * 1000);
    const result = await this.db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, ${amount})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN ${amount} ELSE rate_limits.count + ${amount} END,
        window_start = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
      RETURNING count`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  async peek(key: string, windowSeconds: number): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - windowSeconds * 1000);
    const result = await this.db.execute(
      sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start > ${cutoff.toISOString()}`,
    );
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  async fail(key: string, forgetSeconds: number): Promise<{ count: number; last: Date }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - forgetSeconds * 1000);
    const result = await this.db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
        window_start = ${now.toISOString()}::timestamptz
      RETURNING count`);
    return { count: Number(rowsOf<{ count: number }>(result)[0]?.count ?? 1), last: now };
  }

  async failures(key: string, forgetSeconds: number): Promise<{ count: number; last: Date } | null> {
    const cutoff = new Date(this.clock.now().getTime() - forgetSeconds * 1000);
    const result = await this.db.execute(
      sql`SELECT count, window_start FROM rate_limits WHERE key = ${key} AND window_start > ${cutoff.toISOString()}`,
    );
    const row = rowsOf<{ count: number; window_start: string | Date }>(result)[0];
    return row ? { count: Number(row.count), last: new Date(row.window_start) } : null;
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  }
}
