import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/tokens';
import { sessions, users } from '../../db/schema';
import { rolesOf } from './repo';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Last-seen is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60_000;

/** Sessions: random bearer tokens stored hashed, with an idle timeout and an absolute lifetime. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async open(userId: string, roleId: string, db: Db = this.db): Promise<{ token: string; id: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.policy.maxHours * 3_600_000);
    const [row] = await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, roleId, createdAt: now, lastSeenAt: now, expiresAt })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return { token, id: row.id, expiresAt };
  }

  /** The caller behind a token, or null when it is unknown, revoked, idle too long or past its lifetime. */
  async resolve(token: string): Promise<AuthContext | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .select({ session: sessions, organisationId: users.organisationId, disabledAt: users.disabledAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row || row.session.revokedAt || row.disabledAt) return null;
    const idleDeadline = row.session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (row.session.expiresAt <= now || idleDeadline <= now.getTime()) return null;
    const roleRows = await rolesOf(this.db, row.session.userId);
    const active = roleRows.find((r) => r.id === row.session.roleId);
    if (!active) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    const toAuthRole = (r: (typeof roleRows)[number]) => ({ id: r.id, name: r.name, organisationId: r.organisationId });
    return {
      sessionId: row.session.id,
      userId: row.session.userId,
      organisationId: row.organisationId,
      role: toAuthRole(active),
      roles: roleRows.map(toAuthRole),
    };
  }

  async expiresAt(sessionId: string): Promise<Date | undefined> {
    const [row] = await this.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
    return row?.expiresAt;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} IS NULL`));
  }
}
