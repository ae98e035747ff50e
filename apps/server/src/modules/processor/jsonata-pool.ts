import { Worker } from 'node:worker_threads';

export interface JsonataLimits {
  /** Longest an evaluation may run before its worker is terminated. */
  timeMs: number;
  /** Largest input and output, in characters of JSON. */
  maxInputChars: number;
  maxOutputChars: number;
}

export const DEFAULT_JSONATA_LIMITS: JsonataLimits = { timeMs: 1000, maxInputChars: 256_000, maxOutputChars: 256_000 };

/** A failed evaluation: a bad expression, a limit passed, or a worker terminated. Never worth retrying. */
export class JsonataError extends Error {}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** Resolves once the worker has loaded JSONata (or has failed to start): a time limit starts then. */
  ready: Promise<void>;
  busy: boolean;
  /** The evaluation it works on now. */
  current: number | null;
}

const WORKER_URL = new URL('./jsonata-worker.mjs', import.meta.url);

/**
 * JSONata (and the regexp node's matches) in worker threads: an expression never runs on the event loop (a user's infinite
 * recursion would block it for ever), each evaluation has a time limit past which its worker is
 * terminated and replaced, and input and output have size limits. Workers start on first use.
 */
export class JsonataPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly size = 2,
    private readonly limits: JsonataLimits = DEFAULT_JSONATA_LIMITS,
  ) {}

  async evaluate(expression: string, input: unknown): Promise<unknown> {
    const json = JSON.stringify(input ?? null);
    if (json.length > this.limits.maxInputChars) throw new JsonataError(`input is larger than ${this.limits.maxInputChars} characters`);
    return this.work({ expression, input: json });
  }

  /**
   * A regular expression's match, in a worker under the same time limit: a pattern that backtracks
   * for ever (`(a+)+$` on a long subject) is stopped there, never on the event loop.
   */
  async match(pattern: string, flags: string, value: string): Promise<{ matched: boolean; groups: Record<string, unknown> }> {
    if (value.length > this.limits.maxInputChars) throw new JsonataError(`input is larger than ${this.limits.maxInputChars} characters`);
    return (await this.work({ regexp: { pattern, flags, value } })) as { matched: boolean; groups: Record<string, unknown> };
  }

  private async work(message: { expression?: string; input?: string; regexp?: { pattern: string; flags: string; value: string } }): Promise<unknown> {
    const slot = await this.acquire();
    try {
      return await this.run(slot, message);
    } finally {
      slot.current = null;
      slot.busy = false;
      this.waiting.shift()?.();
    }
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      const free = this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      if (this.slots.length < this.size) {
        const slot: Slot = { worker: null as unknown as Worker, ready: Promise.resolve(), busy: true, current: null };
        this.spawn(slot);
        this.slots.push(slot);
        return slot;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Starts the slot's worker; one that dies (out of memory, say) fails its evaluation and is replaced. */
  private spawn(slot: Slot): void {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 64, stackSizeMb: 4 } });
    worker.unref();
    let started = () => undefined as void;
    slot.ready = new Promise<void>((resolve) => (started = resolve));
    worker.on('message', (message: { ready?: true; id: number; ok: boolean; json?: string; error?: string }) => {
      if (message.ready) return started();
      const json = message.json ?? 'null';
      if (!message.ok) this.settle(message.id, new JsonataError(message.error ?? 'evaluation failed'));
      else if (json.length > this.limits.maxOutputChars) this.settle(message.id, new JsonataError(`output is larger than ${this.limits.maxOutputChars} characters`));
      else this.settle(message.id, null, JSON.parse(json));
    });
    worker.on('error', (error) => {
      started();
      if (slot.worker !== worker) return;
      if (slot.current !== null) this.settle(slot.current, new JsonataError(error.message));
      this.spawn(slot);
    });
    slot.worker = worker;
  }

  private settle(id: number, error: Error | null, value?: unknown): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve(value);
  }

  private async run(slot: Slot, message: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    slot.current = id;
    await slot.ready;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id, new JsonataError(`evaluation took longer than ${this.limits.timeMs} ms`));
        const stuck = slot.worker;
        this.spawn(slot);
        void stuck.terminate();
      }, this.limits.timeMs);
      this.pending.set(id, { resolve, reject, timer });
      slot.worker.postMessage({ id, ...message });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }
}
