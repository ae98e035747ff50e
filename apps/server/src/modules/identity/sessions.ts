import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/tokens';
import { roles, sessions, users } from '../../db/schema';

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

  /**
   * The caller behind a token, or null when it is unknown, revoked, idle too long or past its
   * lifetime. Every signed-in request runs this, so session, user and roles come in one query (a
   * row per role of the user) rather than two round trips.
   */
  async resolve(token: string): Promise<AuthContext | null> {
    const now = this.clock.now();
    const rows = await this.db
      .select({ session: sessions, organisationId: users.organisationId, disabledAt: users.disabledAt, role: { id: roles.id, name: roles.name, organisationId: roles.organisationId } })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.userId, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)))
      .orderBy(asc(roles.position), asc(roles.createdAt));
    const [row] = rows;
    if (!row || row.session.revokedAt || row.disabledAt) return null;
    const idleDeadline = row.session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (row.session.expiresAt <= now || idleDeadline <= now.getTime()) return null;
    const userRoles = rows.map((r) => r.role);
    const active = userRoles.find((r) => r.id === row.session.roleId);
    if (!active) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    return {
      sessionId: row.session.id,
      userId: row.session.userId,
      organisationId: row.organisationId,
      role: active,
      roles: userRoles,
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
