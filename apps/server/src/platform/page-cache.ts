/**
 * The channel on which PostgreSQL tells every server process, at commit, that a table a cached
 * answer is read from changed (payload: the table's name). Triggers on those tables send it
 * (migration 0018_list_cache), so a change made by any process, or by hand, is heard.
 */
export const TABLES_CHANNEL = 'vireo_tables';

/** Told when the tables change and whether this process hears of it (`LiveHub.watchTables`). */
export interface TableWatcher {
  /** `table` changed (the notification's payload: the table's name). */
  changed(table: string): void;
  /** False while the listening connection is down: changes may then go unheard. */
  listening(heard: boolean): void;
}

interface Entry<T> {
  value: T;
  size: number;
  /** The read's instant; the answer holds from then until `until` (exclusive, epoch ms). */
  from: number;
  until: number;
}

/** How much the cache holds at most, in the answers' own measure (characters for JSON text). */
const SIZE_MAX = 32_000_000;

/**
 * Answers of reads kept in memory until a change to their tables is heard from PostgreSQL or
 * their time runs out. A read asks `get`; on a miss it takes `begin()` before its statement and
 * hands it back to `put`, which refuses the answer when a change was heard in between (the
 * statement may have read the tables from before it). Nothing is kept or answered while this
 * process is not listening, so a change it could not hear never leaves a stale answer behind.
 * Least recently used answers go first once SIZE_MAX is reached. Only a change to one of `tables`,
 * the tables its answers are read from, drops them.
 */
export class PageCache<T> implements TableWatcher {
  private readonly entries = new Map<string, Entry<T>>();
  private size = 0;
  private generation = 0;
  private heard = false;

  constructor(private readonly tables: readonly string[]) {}

  changed(table: string): void {
    if (this.tables.includes(table)) this.forget();
  }

  listening(heard: boolean): void {
    this.heard = heard;
    this.forget();
  }

  private forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.size = 0;
  }

  get(key: string, now: Date): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || !this.heard) return undefined;
    const at = now.getTime();
    if (at < entry.from || at >= entry.until) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** What `put` needs to know whether a change was heard since; null while nothing may be kept. */
  begin(): number | null {
    return this.heard ? this.generation : null;
  }

  put(key: string, begun: number | null, value: T, size: number, valid: { from: Date; until: number }): void {
    if (begun === null || begun !== this.generation || !this.heard || size > SIZE_MAX) return;
    const known = this.entries.get(key);
    if (known) this.size -= known.size;
    this.entries.delete(key);
    this.entries.set(key, { value, size, from: valid.from.getTime(), until: valid.until });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= SIZE_MAX) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
  }
}
