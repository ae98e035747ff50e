import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from './clock';
import { epochSeconds } from './clock';
import type { Db } from './db';
import { linkSigningKeys } from '../db/schema';

/** What a link carries besides the record it names: its user, expiry and signature. */
export interface LinkGrant {
  user: string;
  expires: number;
  signature: string;
}

export type LinkCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Short-lived signed links for files a browser opens in a new tab, where it cannot send the
 * bearer token. A link names one record and the user it was issued to and stops working after
 * its lifetime. The signing secret lives in the database, so every server process shares it.
 */
export class DownloadLinks {
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly purpose: string,
    private readonly lifetimeSeconds: number,
  ) {}

  /** `db`: the caller's transaction, where one holds the only connection (an outbox delivery on PGlite). */
  private loadSecret(db: Db = this.db): Promise<Buffer> {
    this.secret ??= (async () => {
      await db
        .insert(linkSigningKeys)
        .values({ purpose: this.purpose, secret: randomBytes(32).toString('base64url'), createdAt: this.clock.now() })
        .onConflictDoNothing();
      const [row] = await db.select().from(linkSigningKeys).where(eq(linkSigningKeys.purpose, this.purpose));
      if (!row) throw new Error('link signing key missing');
      return Buffer.from(row.secret, 'base64url');
    })().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  private async signature(payload: string, db?: Db): Promise<string> {
    return createHmac('sha256', await this.loadSecret(db))
      .update(`${this.purpose}:${payload}`)
      .digest('base64url');
  }

  /** The grant for one record and one user, to put in the link's query. */
  async sign(resourceId: string, userId: string, db?: Db): Promise<LinkGrant> {
    const expires = epochSeconds(this.clock.now()) + this.lifetimeSeconds;
    return { user: userId, expires, signature: await this.signature(`${resourceId}.${userId}.${expires}`, db) };
  }

  async verify(resourceId: string, grant: LinkGrant): Promise<LinkCheck> {
    if (!UUID.test(resourceId) || !UUID.test(grant.user)) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(await this.signature(`${resourceId}.${grant.user}.${grant.expires}`));
    const given = Buffer.from(grant.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    if (grant.expires <= epochSeconds(this.clock.now())) return { ok: false, reason: 'expired' };
    return { ok: true, userId: grant.user };
  }
}
