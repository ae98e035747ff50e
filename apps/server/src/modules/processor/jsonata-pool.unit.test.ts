import { afterAll, describe, expect, it } from 'vitest';
import { JsonataError, JsonataPool } from './jsonata-pool';

const pool = new JsonataPool(1, { timeMs: 300, maxInputChars: 1000, maxOutputChars: 1000 });
afterAll(() => pool.close());

describe('JSONata worker pool', () => {
  it('evaluates an expression against its input in a worker', async () => {
    expect(await pool.evaluate('$sum(items.price)', { items: [{ price: 2 }, { price: 3 }] })).toBe(5);
    expect(await pool.evaluate('{"name": first & " " & last}', { first: 'Ada', last: 'Lovelace' })).toEqual({ name: 'Ada Lovelace' });
  });

  it('terminates an evaluation that runs past the time limit and keeps working', async () => {
    const started = Date.now();
    await expect(pool.evaluate('($f := function($n) { $f($n + 1) }; $f(0))', {})).rejects.toThrow(JsonataError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await pool.evaluate('1 + 1', {})).toBe(2);
  });

  it('refuses input and output past their size limits', async () => {
    await expect(pool.evaluate('$', { big: 'x'.repeat(2000) })).rejects.toThrow(/input is larger/);
    await expect(pool.evaluate('$pad("", 5000, "y")', {})).rejects.toThrow(/output is larger/);
  });

  it('answers a bad expression as an error', async () => {
    await expect(pool.evaluate('((', {})).rejects.toThrow(JsonataError);
  });
});
