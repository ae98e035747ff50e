import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { normalisedShortToken } from '@vireo/contracts';
import { rowsOf, type Db } from './db';
import type { Caller, ReaderCaller } from './caller';
import type { Clock } from './clock';

export type AuditOutcome = 'success' | 'failure' | 'denied' | 'not_found';

/**
 * What the actor of a record is: a signed-in `user` (actor_user_id, actor_role); the holder of an
 * appointment's or an order's `short_token` (the customer's manage link; the record's subject is what
 * it opens, the token is never stored: `actor_key`); the `link_holder` of a signed download link fetched without a
 * session; an `anonymous` request; or the `system` (jobs, seeds). The last three are known by
 * their address (ip) only, where there is a request.
 */
export type AuditActorKind = 'user' | 'short_token' | 'link_holder' | 'anonymous' | 'system';

/** List reads are recorded once per reader, record and window of this length (platform schema: audit_events). */
export const READ_WINDOW_MS = 15 * 60_000;

/** The start of the read window `at` falls in. */
export function readWindowOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / READ_WINDOW_MS) * READ_WINDOW_MS);
}

/**
 * An INSERT of list reads (rows with a `window_start`) into audit_events writes only the first
 * read of a record by its reader in a window: its SELECT leaves out the reads already recorded
 * (`NOT EXISTS` on the unique key audit_events_read_window_key, so such a read neither takes a
 * sequence value nor writes, and the statement stays read-only; `OFFSET 0` keeps it a lookup of
 * the whole key per read, where an anti join scanned every record of the reader's window), and this clause ends it for two
 * first reads at once. A later read, written nowhere, is counted with `AuditLog.countReads`:
 * incrementing its record in the statement queued concurrent reads by one reader on the record's
 * row lock (bench/claimable). Add `RETURNING resource_id` to learn which were written.
 * A short-token holder's reads have their own key, `FIRST_TOKEN_READ_IN_WINDOW`.
 */
export const FIRST_READ_IN_WINDOW = 'ON CONFLICT (actor_user_id, resource_type, resource_id, window_start) WHERE window_start IS NOT NULL DO NOTHING';

/** `FIRST_READ_IN_WINDOW` for a short-token holder's reads (audit_events_token_read_window_key). */
export const FIRST_TOKEN_READ_IN_WINDOW =
  'ON CONFLICT (actor_key, resource_type, resource_id, window_start) WHERE window_start IS NOT NULL AND actor_key IS NOT NULL DO NOTHING';

/** How long counted reads wait in memory before they are added to their records. */
export const READ_COUNT_FLUSH_MS = 5_000;

/**
 * Who reads in windows: a signed-in user (`actor_user_id`) or a short-token holder (`actor_key`).
 * A list read is always someone's (`listRead` takes a `ReaderCaller`): no list of health data is
 * answered to a caller with neither a session nor a token, and such a caller, with no reader to
 * window by, would write a record per read, growing with a public page's traffic.
 */
export interface WindowReader {
  kind: 'user' | 'short_token';
  id: string;
}

/** Reads of records by one reader in one window, each already recorded by its first read. */
export interface WindowReads {
  reader: WindowReader;
  resourceType: string;
  window: Date;
  resourceIds: readonly string[];
}

const SEPARATOR = '\u0000';

/** How many window records a process remembers as written; past that it forgets them all and asks PostgreSQL again. */
const RECORDED_MAX = 100_000;

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  resourceType?: string;
  resourceId?: string;
  /** Else as `actorOf(caller)`. */
  actorKind?: AuditActorKind;
  actorUserId?: string | null;
  actorRole?: string | null;
  details?: Record<string, unknown>;
}

/** Who acts, for the audit trail. */
export interface AuditActor {
  kind: AuditActorKind;
  userId: string | null;
  role: string | null;
  /** A short-token holder's `actorKeyOf`. */
  key: string | null;
}

/**
 * What tells one short-token holder from another in the audit trail (`actor_key`): a digest of the
 * token under a label of its own, so it is neither the token nor the hash its records are found by.
 * The token is taken as the lookups take it (`normalisedShortToken`): an order's token typed in
 * another letter case opens the same order, so its holder has the same key.
 */
export function actorKeyOf(shortToken: string): string {
  return createHash('sha256').update('vireo audit actor\u0000').update(normalisedShortToken(shortToken)).digest('hex');
}

/**
 * The actor of a caller: the session's user; else the holder of the appointment's short token;
 * else an anonymous request, or the system without one.
 */
export function actorOf(caller: Caller | undefined): AuditActor {
  if (caller?.auth) return { kind: 'user', userId: caller.auth.userId, role: caller.auth.role.name, key: null };
  if (caller?.shortToken) return { kind: 'short_token', userId: null, role: null, key: actorKeyOf(caller.shortToken) };
  return { kind: caller?.origin ? 'anonymous' : 'system', userId: null, role: null, key: null };
}

/** The reader whose list reads share a window record: the session's user, else the short token's holder. */
function readerOf(caller: ReaderCaller): WindowReader {
  return caller.auth ? { kind: 'user', id: caller.auth.userId } : { kind: 'short_token', id: actorKeyOf(caller.shortToken) };
}

/** The column a window reader is recorded in. */
const readerColumn = (kind: WindowReader['kind']): SQL => sql.raw(kind === 'user' ? 'actor_user_id' : 'actor_key');

/** What one write of audit records holds: one record per resource id. */
interface AuditWrite {
  action: string;
  outcome: AuditOutcome;
  resourceType: string | null;
  resourceIds: readonly (string | null)[];
  actor: AuditActor;
  details: Record<string, unknown> | null;
  /** A list read's window and reader: only the reader's first read of a record in it is written. */
  window: { start: Date; reader: WindowReader } | null;
}

/** Writes audit records: who, what, which record, when, outcome. Never personal data in `details`. */
export class AuditLog {
  /** Reads counted and not yet added to their records, by reader, type, window and record. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /**
   * Read-window records known to exist (written here or found written), of the window `recordedWindow`:
   * a later read of one in its window writes nothing, so it needs no statement (audit records are never deleted).
   */
  private recorded = new Set<string>();
  private recordedWindow = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts list reads whose window record exists (FIRST_READ_IN_WINDOW wrote nothing for them).
   * They are added to their records' `read_count` in one UPDATE at most READ_COUNT_FLUSH_MS later,
   * and when the app closes. A process that dies loses at most that long's counts, never a first
   * read.
   */
  countReads(reads: WindowReads): void {
    for (const id of reads.resourceIds) {
      const key = [reads.reader.kind, reads.reader.id, reads.resourceType, reads.window.toISOString(), id].join(SEPARATOR);
      this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    }
    if (this.pending.size > 0) this.scheduleFlush();
  }

  /** A flush that fails keeps its reads for the next one. */
  private scheduleFlush(): void {
    this.timer ??= setTimeout(() => void this.flushReadCounts().catch(() => undefined), READ_COUNT_FLUSH_MS).unref();
  }

  /**
   * Adds the counted reads to their records now: one UPDATE for users' reads, one for short-token
   * holders'; one flush at a time, in a fixed order. Reads of a failed flush wait for the next.
   */
  flushReadCounts(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending].sort(([a], [b]) => (a < b ? -1 : 1));
    this.pending = new Map();
    const run = this.flushing.then(async () => {
      let failure: unknown = null;
      for (const kind of ['user', 'short_token'] as const) {
        const counted = batch.filter(([key]) => key.startsWith(`${kind}${SEPARATOR}`));
        if (counted.length === 0) continue;
        const columns = counted.map(([key]) => key.split(SEPARATOR).slice(1));
        try {
          await this.db.execute(sql`
            UPDATE audit_events SET read_count = audit_events.read_count + counted.reads
            FROM unnest(${sql.param(columns.map((c) => c[0]))}::${sql.raw(kind === 'user' ? 'uuid' : 'text')}[], ${sql.param(columns.map((c) => c[1]))}::text[],
              ${sql.param(columns.map((c) => c[2]))}::timestamptz[], ${sql.param(columns.map((c) => c[3]))}::text[], ${sql.param(counted.map(([, reads]) => reads))}::int[])
              AS counted(reader, resource_type, window_start, resource_id, reads)
            WHERE audit_events.${readerColumn(kind)} = counted.reader AND audit_events.resource_type = counted.resource_type
              AND audit_events.resource_id = counted.resource_id AND audit_events.window_start = counted.window_start`);
        } catch (error) {
          for (const [key, reads] of counted) this.pending.set(key, (this.pending.get(key) ?? 0) + reads);
          failure ??= error;
        }
      }
      if (failure) {
        this.scheduleFlush();
        throw failure;
      }
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /**
   * The one write path of audit records: one INSERT … SELECT over the resource ids (in order, so
   * concurrent list reads of the same records take their row locks in one order), in the change's
   * transaction when `db` is one. Answers the resource ids written.
   */
  private async write(db: Db, caller: Caller | undefined, entry: AuditWrite): Promise<string[]> {
    if (entry.resourceIds.length === 0) return [];
    const { actor, window } = entry;
    const written = await db.execute(sql`
      INSERT INTO audit_events (at, action, outcome, resource_type, resource_id, actor_kind, actor_user_id, actor_key, actor_role, ip, request_id, details, window_start)
      SELECT ${this.clock.now().toISOString()}::timestamptz, ${entry.action}, ${entry.outcome}, ${entry.resourceType}, listed.id, ${actor.kind}, ${actor.userId}::uuid, ${actor.key}, ${actor.role},
        ${caller?.origin?.address ?? null}, ${caller?.origin?.requestId ?? null}, ${entry.details ? JSON.stringify(entry.details) : null}::jsonb, ${window?.start.toISOString() ?? null}::timestamptz
      FROM unnest(${sql.param(entry.resourceIds)}::text[]) AS listed(id)
      ${window ? sql`WHERE NOT EXISTS (SELECT 1 FROM audit_events recorded WHERE recorded.${readerColumn(window.reader.kind)} = ${window.reader.id}${sql.raw(window.reader.kind === 'user' ? '::uuid' : '')} AND recorded.resource_type = ${entry.resourceType} AND recorded.resource_id = listed.id AND recorded.window_start = ${window.start.toISOString()}::timestamptz OFFSET 0)` : sql``}
      ORDER BY listed.id
      ${window ? sql.raw(window.reader.kind === 'user' ? FIRST_READ_IN_WINDOW : FIRST_TOKEN_READ_IN_WINDOW) : sql``}
      RETURNING resource_id`);
    return rowsOf<{ resource_id: string }>(written).map((row) => row.resource_id);
  }

  /** One record of an action (sign-in, account changes, denials), in the change's transaction when `db` is one. */
  async record(entry: AuditEntry, caller?: Caller, db: Db = this.db): Promise<void> {
    const derived = actorOf(caller);
    const userId = entry.actorUserId ?? derived.userId;
    const kind = entry.actorKind ?? (userId ? 'user' : derived.kind);
    const actor: AuditActor = { kind, userId, role: entry.actorRole ?? derived.role, key: kind === 'short_token' ? derived.key : null };
    await this.write(db, caller, {
      action: entry.action,
      outcome: entry.outcome,
      resourceType: entry.resourceType ?? null,
      resourceIds: [entry.resourceId ?? null],
      actor,
      details: entry.details ?? null,
      window: null,
    });
  }

  /**
   * Reads and writes of health data: one record per resource, so "who read this record" stays a
   * lookup by resource id. A write passes its transaction, so the record commits with the change.
   */
  async healthData(
    db: Db,
    caller: Caller,
    change: { action: 'read' | 'write'; resourceType: string; resourceIds: readonly string[]; actorKind?: AuditActorKind },
  ): Promise<void> {
    const actor = actorOf(caller);
    await this.write(db, caller, {
      action: `health_data.${change.action}`,
      outcome: 'success',
      resourceType: change.resourceType,
      resourceIds: [...change.resourceIds],
      actor: change.actorKind ? { ...actor, kind: change.actorKind, key: change.actorKind === 'short_token' ? actor.key : null } : actor,
      details: null,
      window: null,
    });
  }

  /**
   * A list's read of health data: one record per reader (a user, or a short-token holder), resource
   * and 15-minute window, counting the reads in it (`countReads`), so refetching a list (live
   * updates, polling, a customer's link opened again) does not fill the audit trail. A record this
   * process knows exists is not asked for again: such a read only counts. Only a reader lists
   * (`ReaderCaller`); a caller with neither a session nor a token reads no list of health data.
   */
  async listRead(caller: ReaderCaller, resourceType: string, resourceIds: readonly string[]): Promise<void> {
    const ids = [...new Set(resourceIds)].sort();
    const window = readWindowOf(this.clock.now());
    const reader = readerOf(caller);
    if (window.getTime() !== this.recordedWindow || this.recorded.size > RECORDED_MAX) {
      this.recorded = new Set();
      this.recordedWindow = window.getTime();
    }
    const keyOf = (id: string) => [reader.kind, reader.id, resourceType, id].join(SEPARATOR);
    const unknown = ids.filter((id) => !this.recorded.has(keyOf(id)));
    const written = new Set(
      await this.write(this.db, caller, { action: 'health_data.read', outcome: 'success', resourceType, resourceIds: unknown, actor: actorOf(caller), details: null, window: { start: window, reader } }),
    );
    // Each record now exists: written here, or found written by an earlier read (of any process).
    if (window.getTime() === this.recordedWindow) for (const id of unknown) this.recorded.add(keyOf(id));
    const later = ids.filter((id) => !written.has(id));
    if (later.length > 0) this.countReads({ reader, resourceType, window, resourceIds: later });
  }
}
