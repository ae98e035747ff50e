import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { actorKeyOf, actorOf, AuditLog, READ_COUNT_FLUSH_MS, readWindowOf } from './audit';
import { isReader, type Caller } from './caller';
import { ManualClock } from './clock';
import type { Db } from './db';

const dialect = new PgDialect();
const USER = '00000000-0000-4000-8000-000000000001';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const WINDOW = new Date('2041-10-08T09:00:00Z');
const TOKEN = 'ABCDEFGHJKLMNPQRSTUV';

/** An AuditLog over a database that only records the statements it is sent (`fail` makes the next one throw). */
function auditLog() {
  const sent: { sql: string; params: unknown[] }[] = [];
  const state = { fail: false };
  const db = {
    execute: vi.fn(async (statement: SQL) => {
      if (state.fail) {
        state.fail = false;
        throw new Error('connection lost');
      }
      sent.push(dialect.sqlToQuery(statement));
      return { rows: [] };
    }),
  };
  return { log: new AuditLog(db as unknown as Db, new ManualClock(new Date('2041-10-08T09:03:00Z'))), sent, state };
}

describe('AuditLog read counts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts a read in the window it falls in', () => {
    expect(readWindowOf(new Date('2041-10-08T09:14:59.999Z'))).toEqual(WINDOW);
    expect(readWindowOf(new Date('2041-10-08T09:15:00Z'))).toEqual(new Date('2041-10-08T09:15:00Z'));
  });

  it('adds the reads counted in memory to their records in one statement, at most READ_COUNT_FLUSH_MS later', async () => {
    const { log, sent } = auditLog();
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [B, A] });
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    await vi.advanceTimersByTimeAsync(READ_COUNT_FLUSH_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sql).toMatch(/^\s*UPDATE audit_events SET read_count = audit_events.read_count \+ counted.reads/);
    expect(sent[0]!.params).toEqual([[USER, USER], ['appointment', 'appointment'], [WINDOW.toISOString(), WINDOW.toISOString()], [A, B], [2, 1]]);
    await vi.advanceTimersByTimeAsync(10 * READ_COUNT_FLUSH_MS);
    expect(sent).toHaveLength(1);
  });

  it('keeps the reads of a failed flush for the next one', async () => {
    const { log, sent, state } = auditLog();
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    state.fail = true;
    await expect(log.flushReadCounts()).rejects.toThrow('connection lost');
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    await vi.advanceTimersByTimeAsync(READ_COUNT_FLUSH_MS);
    expect(sent.map((s) => s.params.at(-1))).toEqual([[2]]);
  });

  it('sends nothing when nothing was counted', async () => {
    const { log, sent } = auditLog();
    await log.flushReadCounts();
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [] });
    await vi.advanceTimersByTimeAsync(READ_COUNT_FLUSH_MS);
    expect(sent).toHaveLength(0);
  });

  it('adds a short-token holder’s counted reads in a statement of their own, by the holder’s key', async () => {
    const { log, sent } = auditLog();
    const key = actorKeyOf(TOKEN);
    log.countReads({ reader: { kind: 'short_token', id: key }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    await log.flushReadCounts();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.sql).toContain('audit_events.actor_user_id = counted.reader');
    expect(sent[1]!.sql).toContain('audit_events.actor_key = counted.reader');
    expect(sent[1]!.params).toEqual([[key], ['appointment'], [WINDOW.toISOString()], [A], [1]]);
  });

  it('keeps only the failed statement’s reads when one of the two fails', async () => {
    const { log, sent, state } = auditLog();
    log.countReads({ reader: { kind: 'user', id: USER }, resourceType: 'appointment', window: WINDOW, resourceIds: [A] });
    log.countReads({ reader: { kind: 'short_token', id: actorKeyOf(TOKEN) }, resourceType: 'appointment', window: WINDOW, resourceIds: [B] });
    state.fail = true;
    await expect(log.flushReadCounts()).rejects.toThrow('connection lost');
    await vi.advanceTimersByTimeAsync(READ_COUNT_FLUSH_MS);
    expect(sent.map((s) => s.params[0])).toEqual([[actorKeyOf(TOKEN)], [USER]]);
  });
});

describe('AuditLog list reads', () => {
  it('are a reader’s: a user’s by user id, a short-token holder’s by key; a caller with neither a session nor a token cannot list (type check)', async () => {
    const { log, sent } = auditLog();
    await log.listRead({ auth: null, shortToken: TOKEN.toLowerCase(), origin: null }, 'appointment', [A]);
    expect(sent[0]!.sql).toContain('recorded.actor_key =');
    expect(sent[0]!.params).toContain(actorKeyOf(TOKEN));
    expect(isReader({ auth: null, origin: { address: '203.0.113.9', requestId: 'r' } })).toBe(false);
    expect(isReader({ auth: null, shortToken: TOKEN, origin: null })).toBe(true);
    // An anonymous caller has no reader to window its reads by: it cannot call listRead.
    expectTypeOf<Caller>().not.toExtend<Parameters<AuditLog['listRead']>[0]>();
    expectTypeOf<Caller & { auth: null; shortToken: string }>().toExtend<Parameters<AuditLog['listRead']>[0]>();
  });
});

describe('actorOf', () => {
  it('tells short-token holders apart by a digest that is neither the token nor its lookup hash', () => {
    const holder = actorOf({ auth: null, shortToken: TOKEN, origin: null });
    expect(holder).toEqual({ kind: 'short_token', userId: null, role: null, key: actorKeyOf(TOKEN) });
    expect(holder.key).toMatch(/^[0-9a-f]{64}$/);
    expect(holder.key).not.toContain(TOKEN);
    expect(holder.key).not.toBe(createHash('sha256').update(TOKEN).digest('hex'));
    expect(actorOf({ auth: null, shortToken: 'ABCDEFGHJKLMNPQRSTUW', origin: null }).key).not.toBe(holder.key);
    expect(actorOf({ auth: null, origin: { address: '203.0.113.9', requestId: 'r' } })).toEqual({ kind: 'anonymous', userId: null, role: null, key: null });
  });

  it('keys a holder by the token as the lookups take it: an order’s in any letter case alike, an appointment’s link token as given', () => {
    expect(actorKeyOf(TOKEN.toLowerCase())).toBe(actorKeyOf(TOKEN));
    expect(actorKeyOf(` ${TOKEN.slice(0, 10).toLowerCase()}${TOKEN.slice(10)} `)).toBe(actorKeyOf(TOKEN));
    const link = 'q3Vb8sX_kE1-fZ0aLmN4pQrStUvWxYz0123456789Ab';
    expect(actorKeyOf(link.toLowerCase())).not.toBe(actorKeyOf(link));
    expect(actorKeyOf(link.toUpperCase())).not.toBe(actorKeyOf(link));
  });
});
