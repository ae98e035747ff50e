import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db';
import type { Clock } from './clock';

/**
 * Fixed-window counters kept in the database, so every server process shares them.
 * `hit` adds one and returns the count in the current window; `peek` only reads it.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - windowSeconds * 1000);
    const result = await this.db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
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

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  }
}
