import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const at = new Date('2026-06-10T09:00:00Z');
const forever = { from: at, until: Number.POSITIVE_INFINITY };

function listening(tables: readonly string[]) {
  const cache = new PageCache<string>(tables);
  cache.listening(true);
  return cache;
}

describe('PageCache', () => {
  it('keeps an answer until one of its own tables changes; changes to other tables leave it', () => {
    const cache = listening(['products']);
    cache.put('k', cache.begin(), 'answer', 6, forever);
    cache.changed('appointments');
    expect(cache.get('k', at)).toBe('answer');
    cache.changed('products');
    expect(cache.get('k', at)).toBeUndefined();
  });

  it('refuses an answer read while its table changed, and keeps nothing while not listening', () => {
    const cache = listening(['products']);
    const begun = cache.begin();
    cache.changed('products');
    cache.put('k', begun, 'stale', 5, forever);
    expect(cache.get('k', at)).toBeUndefined();
    cache.listening(false);
    expect(cache.begin()).toBeNull();
    cache.put('k', cache.begin(), 'unheard', 7, forever);
    expect(cache.get('k', at)).toBeUndefined();
  });
});
