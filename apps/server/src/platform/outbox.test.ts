import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
    } finally {
      await boss.stop({ graceful: true, timeout: 5_000 });
    }
  }, 60_000);
});
