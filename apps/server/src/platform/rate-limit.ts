import { sql } from 'drizzle-orm';
import { tooManyEmailsFromSender, tooManyEmailsToRecipient } from '@vireo/contracts';
import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { rowsOf, type Db } from './db';
import type { Clock } from './clock';
import { AppError } from './errors';
import { hashToken } from './tokens';

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
    return (await this.count(key, windowSeconds, amount)).count;
  }

  /** `hit`, answering also when the current window ends. */
  async count(key: string, windowSeconds: number, amount = 1): Promise<{ count: number; endsAt: Date }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - windowSeconds * 1000);
    const result = await this.db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, ${amount})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN ${amount} ELSE rate_limits.count + ${amount} END,
        window_start = CASE WHEN rate_limits.window_start <= ${cutoff.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
      RETURNING count, window_start`);
    const row = rowsOf<{ count: number; window_start: string | Date }>(result)[0];
    const start = row ? new Date(row.window_start).getTime() : now.getTime();
    return { count: Number(row?.count ?? 0), endsAt: new Date(start + windowSeconds * 1000) };
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

  /** Seconds until the current window of `key` ends (at least 1). */
  async secondsLeft(key: string, windowSeconds: number): Promise<number> {
    const result = await this.db.execute(sql`SELECT window_start FROM rate_limits WHERE key = ${key}`);
    const start = rowsOf<{ window_start: string | Date }>(result)[0]?.window_start;
    const end = start ? new Date(start).getTime() + windowSeconds * 1000 : this.clock.now().getTime();
    return Math.max(1, Math.ceil((end - this.clock.now().getTime()) / 1000));
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  }
}

/**
 * @fastify/rate-limit's store over `RateLimiter`: a route's fixed window counts in `rate_limits`,
 * so every process shares it. The plugin's key is the counter's key.
 */
export function rateLimitStore(limiter: RateLimiter, clock: Clock): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      limiter.count(key, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ count, endsAt }) => callback(null, { current: count, ttl: Math.max(0, endsAt.getTime() - clock.now().getTime()) }),
        (error: unknown) => callback(error as Error),
      );
    }

    /** Every route's counters live in the same table, told apart by their keys. */
    child(): FastifyRateLimitStore {
      return new SharedStore();
    }
  };
}

export interface MailLimits {
  /** E-mails one signed-in sender may have sent in a window. */
  perSender: number;
  /** E-mails one address may receive in a window, whoever sends them. */
  perRecipient: number;
  windowSeconds: number;
}

/**
 * The quota of the routes that send e-mail on a person's request (invitations, alternative links,
 * resends). `claim` counts the e-mails before they are sent and refuses with 429 when the sender
 * or any recipient would go over; a refused claim gives its counts back, so concurrent requests
 * never send past the limit.
 */
export class MailQuota {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: MailLimits,
  ) {}

  async claim(senderUserId: string, recipients: string[]): Promise<void> {
    const { perSender, perRecipient, windowSeconds } = this.limits;
    const addresses = [...new Set(recipients.map((address) => address.trim().toLowerCase()))];
    if (addresses.length === 0) return;
    const senderKey = `mail:sender:${senderUserId}`;
    const claimed: [string, number][] = [];
    const giveBack = async () => {
      for (const [key, amount] of claimed) await this.limiter.hit(key, windowSeconds, -amount);
    };
    const sent = await this.limiter.hit(senderKey, windowSeconds, addresses.length);
    claimed.push([senderKey, addresses.length]);
    if (sent > perSender) {
      await giveBack();
      const seconds = await this.limiter.secondsLeft(senderKey, windowSeconds);
      throw new AppError(429, tooManyEmailsFromSender(seconds), undefined, { 'Retry-After': String(seconds) });
    }
    for (const address of addresses) {
      const key = `mail:recipient:${hashToken(address)}`;
      const received = await this.limiter.hit(key, windowSeconds);
      claimed.push([key, 1]);
      if (received > perRecipient) {
        await giveBack();
        const seconds = await this.limiter.secondsLeft(key, windowSeconds);
        throw new AppError(429, tooManyEmailsToRecipient(address, seconds), { email: tooManyEmailsToRecipient(address, seconds) }, { 'Retry-After': String(seconds) });
      }
    }
  }
}

/**
 * @fastify/rate-limit for the routes that declare `config: { rateLimit: { max, timeWindow, keyGenerator } }`,
 * counted in the shared store after the request's validation (a refused body costs nothing). A refusal
 * answers `errorResponseBuilder`'s error with Retry-After; answers under the limit carry no extra headers.
 */
export async function registerRateLimits(app: FastifyInstance, limiter: RateLimiter, clock: Clock): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: rateLimitStore(limiter, clock),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
  });
}
