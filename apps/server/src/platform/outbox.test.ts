import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { outboxDeliveries, outboxEvents } from '../db/schema';
import { createHarness, type Harness } from '../test/harness';
import { Jobs, startJobs } from './jobs';
import { DELIVER_OUTBOX_EVENT, OutboxRelay, type OutboxEvent } from './outbox';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clock.set(new Date('2026-03-10T09:00:00Z')));

const db = () => h.ctx.database.db;
let counter = 0;
/** A handler name of its own per test: the harness's relay lives for the whole file. */
const handlerName = (label: string) => `test.${label}.${++counter}`;

function emit(secrets?: Record<string, string>): Promise<number> {
  return db().transaction((tx) => h.ctx.outbox.emit(tx, { name: 'order.payment.complete', organisationId: null, payload: { order_id: `order-${++counter}` }, ...(secrets ? { secrets } : {}) }));
}

async function deliveries(eventId: number) {
  return db().select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, eventId)).orderBy(outboxDeliveries.handler);
}

describe('the outbox relay', () => {
  it('delivers an event once to each handler, however often its delivery is attempted, then closes it and forgets its secrets', async () => {
    const seen: Record<string, OutboxEvent[]> = { a: [], b: [] };
    const [a, b] = [handlerName('a'), handlerName('b')];
    h.ctx.outbox.on('order.payment.complete', a, async (event) => void seen.a!.push(event));
    h.ctx.outbox.on('order.payment.complete', b, async (event) => void seen.b!.push(event));
    const id = await emit({ token: 'a-one-time-token-value' });

    const [stored] = await db().select().from(outboxEvents).where(eq(outboxEvents.id, id));
    expect(stored!.secrets).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('a-one-time-token-value');
    expect((await deliveries(id)).filter((d) => [a, b].includes(d.handler)).map((d) => d.deliveredAt)).toEqual([null, null]);

    await h.deliverOutbox();
    await h.deliverOutbox();
    expect(await h.ctx.outbox.deliver(id, a)).toBe('skipped');
    expect(seen.a!.map((e) => e.id)).toEqual([id]);
    expect(seen.b!.map((e) => e.id)).toEqual([id]);
    expect(seen.a![0]!.secrets).toEqual({ token: 'a-one-time-token-value' });

    const done = (await deliveries(id)).filter((d) => [a, b].includes(d.handler));
    expect(done.every((d) => d.deliveredAt?.toISOString() === '2026-03-10T09:00:00.000Z' && d.attempts === 1)).toBe(true);
    expect(done).toHaveLength(2);
    const [closed] = await db().select().from(outboxEvents).where(eq(outboxEvents.id, id));
    expect(closed).toMatchObject({ secrets: null, deliveredAt: new Date('2026-03-10T09:00:00Z') });
  });

  it('runs a handler once when two attempts at the same delivery overlap', async () => {
    const name = handlerName('overlap');
    let calls = 0;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    h.ctx.outbox.on('order.payment.complete', name, async () => {
      calls += 1;
      entered();
      await gate;
    });
    const id = await emit();
    const first = h.ctx.outbox.deliver(id, name);
    await inside;
    const second = h.ctx.outbox.deliver(id, name);
    release();
    expect((await Promise.all([first, second])).sort()).toEqual(['delivered', 'skipped']);
    expect(calls).toBe(1);
  });

  it('retries a failing handler with a growing delay, and delivers it once it succeeds', async () => {
    const name = handlerName('flaky');
    let failuresLeft = 2;
    let deliveredAt: Date | null = null;
    h.ctx.outbox.on('order.payment.complete', name, async () => {
      if (failuresLeft-- > 0) throw new Error('mail server unavailable');
      deliveredAt = h.clock.now();
    });
    const id = await emit();
    const mine = async () => (await deliveries(id)).find((d) => d.handler === name)!;

    expect(await h.ctx.outbox.deliver(id, name)).toBe('failed');
    expect(await mine()).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'mail server unavailable', nextAttemptAt: new Date('2026-03-10T09:00:15Z') });
    h.clock.set(new Date('2026-03-10T09:00:14Z'));
    await h.deliverOutbox();
    expect((await mine()).attempts).toBe(1);

    h.clock.set(new Date('2026-03-10T09:00:15Z'));
    await h.deliverOutbox();
    expect(await mine()).toMatchObject({ attempts: 2, deliveredAt: null, nextAttemptAt: new Date('2026-03-10T09:00:45Z') });

    h.clock.set(new Date('2026-03-10T09:00:45Z'));
    await h.deliverOutbox();
    expect(await mine()).toMatchObject({ attempts: 3, deliveredAt: new Date('2026-03-10T09:00:45Z'), lastError: null });
    expect(deliveredAt).toEqual(new Date('2026-03-10T09:00:45Z'));
  });

  it('emitAll writes many events in order, across inserts of a thousand, each with a delivery per handler; one without a handler is closed at once', async () => {
    // A relay of its own: every event has the processor's handler in the harness's.
    const relay = new OutboxRelay({ db: db(), clock: h.clock, jobs: new Jobs(null), sealer: h.ctx.sealer });
    const name = handlerName('many');
    const seen: OutboxEvent[] = [];
    relay.on('order.dispatched', name, async (event) => void seen.push(event));
    const events = Array.from({ length: 1_001 }, (_, i) => ({ name: 'order.dispatched' as const, organisationId: null, payload: { order_id: `many-${i}` }, ...(i === 1_000 ? { secrets: { token: 'the-last-one' } } : {}) }));
    const unhandled = { name: 'kit_order.placed' as const, organisationId: null, payload: { order_id: 'no handler here' }, secrets: { token: 'never kept' } };
    const ids = await db().transaction((tx) => relay.emitAll(tx, [...events, unhandled]));
    expect(ids).toHaveLength(1_002);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);

    const stored = await db().select().from(outboxEvents).where(inArray(outboxEvents.id, ids)).orderBy(outboxEvents.id);
    expect(stored.map((row) => row.payload)).toEqual([...events, unhandled].map((event) => event.payload));
    expect(stored[1_000]!.secrets).toMatch(/^v1\./);
    expect(stored.at(-1)).toMatchObject({ secrets: null, deliveredAt: new Date('2026-03-10T09:00:00Z') });
    const pending = await db().select().from(outboxDeliveries).where(inArray(outboxDeliveries.eventId, ids));
    expect(pending.every((d) => d.handler === name && d.deliveredAt === null)).toBe(true);
    expect(pending.map((d) => d.eventId).sort((x, y) => x - y)).toEqual(ids.slice(0, 1_001));

    await relay.deliverDue(2_000);
    expect(seen.map((event) => event.id).sort((x, y) => x - y)).toEqual(ids.slice(0, 1_001));
    expect(seen.find((event) => event.id === ids[1_000])!.secrets).toEqual({ token: 'the-last-one' });
  });

  it('writes nothing when the change’s transaction rolls back', async () => {
    const before = (await db().select({ id: outboxEvents.id }).from(outboxEvents)).length;
    await expect(
      db().transaction(async (tx) => {
        await h.ctx.outbox.emit(tx, { name: 'order.payment.complete', organisationId: null, payload: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().select({ id: outboxEvents.id }).from(outboxEvents)).toHaveLength(before);
  });
});

describe('the outbox relay on pg-boss', () => {
  it('delivers an event as soon as its transaction commits, through the job written with it', async () => {
    const boss = await startJobs(h.ctx.database);
    try {
      const jobs = new Jobs(boss);
      const relay = new OutboxRelay({ db: db(), clock: h.clock, jobs, sealer: h.ctx.sealer });
      const delivered = new Promise<OutboxEvent>((resolve) => relay.on('order.payment.complete', 'test.on-pg-boss', async (event) => resolve(event)));
      // Only the delivery job's worker: no sweep, so the job written with the event is what delivers it.
      await jobs.register(DELIVER_OUTBOX_EVENT, relay);
      await db().transaction((tx) => relay.emit(tx, { name: 'order.payment.complete', organisationId: null, payload: { order_id: 'on-pg-boss' }, secrets: { token: 't' } }));
      const event = await delivered;
      expect(event).toMatchObject({ payload: { order_id: 'on-pg-boss' }, secrets: { token: 't' } });

      // emitAll queues its jobs in one insert, written with the events as well.
      const many = new Set<string>();
      const allDelivered = new Promise<void>((resolve) =>
        relay.on('order.dispatched', 'test.on-pg-boss.many', async (e) => {
          many.add(String(e.payload.order_id));
          if (many.size === 3) resolve();
        }),
      );
      await db().transaction((tx) => relay.emitAll(tx, ['x', 'y', 'z'].map((order) => ({ name: 'order.dispatched' as const, organisationId: null, payload: { order_id: order } }))));
      await allDelivered;
      expect([...many].sort()).toEqual(['x', 'y', 'z']);
    } finally {
      await boss.stop({ graceful: true, timeout: 5_000 });
    }
  }, 60_000);
});
