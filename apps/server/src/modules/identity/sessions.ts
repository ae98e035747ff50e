import { and, asc, eq, sql } from 'drizzle-orm';
import { PermissionSchema, type Permission } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from '../../platform/tokens';
import { permissionGrants, roles, sessions, users } from '../../db/schema';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/**
 * Last-seen is written at most this often, so reads do not all become writes; and at least twice
 * per idle timeout, so a short one still stretches while the session is in use.
 */
const TOUCH_EVERY_MS = 60_000;

/**
 * How long a resolved session is answered from memory before the database is asked again. Every
 * signed-in request resolves its session, and the lookup was half the cost of a cheap request.
 * Revocation does not wait for this: it is forgotten at once in every process (see `changed`).
 */
const REMEMBER_MS = 5_000;
const REMEMBERED_AT_MOST = 10_000;

interface Remembered {
  auth: AuthContext;
  checkedAt: number;
  expiresAt: number;
}

/** Sessions to forget: those matching every criterion named (all sessions when none is). */
export interface SessionTarget {
  userIds?: readonly string[] | undefined;
  sessionIds?: readonly string[] | undefined;
}

/** How a change to a user's sessions reaches the other server processes (the live hub). */
export interface SessionChangeChannel {
  publishSessionChange(change: { userId: string; revoked: boolean }): Promise<void>;
}

/** Sessions: random bearer tokens stored hashed, with an idle timeout and an absolute lifetime. */
export class SessionStore {
  private readonly remembered = new Map<string, Remembered>();
  /** Bumped by every forget, so a lookup that raced with one does not remember what it read. */
  private generation = 0;
  private channel: SessionChangeChannel | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  /** Where `changed` tells the other processes. */
  shareChangesThrough(channel: SessionChangeChannel): void {
    this.channel = channel;
  }

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
   * lifetime. Every signed-in request runs this: a session checked in the last few seconds is
   * answered from memory, otherwise session, user and roles come in one query (a row per role).
   */
  async resolve(token: string): Promise<AuthContext | null> {
    const now = this.clock.now();
    const key = hashToken(token);
    const memory = this.remembered.get(key);
    if (memory && this.stillValid(memory, now.getTime())) return memory.auth;
    const generation = this.generation;
    const auth = await this.lookUp(key, now);
    if (!auth) this.remembered.delete(key);
    else if (generation === this.generation) this.remember(key, auth);
    return auth?.auth ?? null;
  }

  /**
   * A remembered session cannot idle out: when checked, last-seen was at most half the idle
   * timeout (at least 30 s) old, and memory lasts 5 s. It can reach the end of its lifetime.
   */
  private stillValid(memory: Remembered, now: number): boolean {
    const age = now - memory.checkedAt;
    return age >= 0 && age < REMEMBER_MS && now < memory.expiresAt;
  }

  private remember(key: string, entry: Remembered): void {
    this.remembered.delete(key);
    if (this.remembered.size >= REMEMBERED_AT_MOST) {
      const oldest = this.remembered.keys().next();
      if (!oldest.done) this.remembered.delete(oldest.value);
    }
    this.remembered.set(key, entry);
  }

  private async lookUp(tokenHash: string, now: Date): Promise<Remembered | null> {
    const rows = await this.db
      .select({
        session: sessions,
        organisationId: users.organisationId,
        disabledAt: users.disabledAt,
        role: { id: roles.id, name: roles.name, organisationId: roles.organisationId },
        grants: sql<string[]>`coalesce((SELECT array_agg(${permissionGrants.permission}) FROM ${permissionGrants} WHERE ${permissionGrants.userId} = ${sessions.userId}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.userId, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .orderBy(asc(roles.position), asc(roles.createdAt));
    const [row] = rows;
    if (!row || row.session.revokedAt || row.disabledAt) return null;
    const idleDeadline = row.session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (row.session.expiresAt <= now || idleDeadline <= now.getTime()) return null;
    const userRoles = rows.map((r) => r.role);
    const active = userRoles.find((r) => r.id === row.session.roleId);
    if (!active) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > Math.min(TOUCH_EVERY_MS, (this.policy.idleMinutes * 60_000) / 2)) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    return {
      auth: {
        sessionId: row.session.id,
        userId: row.session.userId,
        organisationId: row.organisationId,
        role: active,
        roles: userRoles,
        grants: row.grants.filter((name) => PermissionSchema.safeParse(name).success) as Permission[],
      },
      checkedAt: now.getTime(),
      expiresAt: row.session.expiresAt.getTime(),
    };
  }

  /** Stops answering the matching sessions from memory; the next request asks the database. */
  forget(target: SessionTarget): void {
    this.generation++;
    for (const [key, { auth }] of this.remembered) {
      if (target.userIds && !target.userIds.includes(auth.userId)) continue;
      if (target.sessionIds && !target.sessionIds.includes(auth.sessionId)) continue;
      this.remembered.delete(key);
    }
  }

  /**
   * After a user's sessions were revoked or their roles or grants changed (and the change committed): this
   * process forgets them now, and every other process when the live channel delivers the change.
   */
  async changed(change: { userId: string; revoked: boolean }): Promise<void> {
    this.forget({ userIds: [change.userId] });
    await this.channel?.publishSessionChange(change);
  }

  async expiresAt(sessionId: string): Promise<Date | undefined> {
    const [row] = await this.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
    return row?.expiresAt;
  }

  /** Ends one session (sign-out). The caller tells the other processes (LiveHub.publishSessionRevoked). */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} IS NULL`));
    this.forget({ sessionIds: [sessionId] });
  }
}
