import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openForHolder, parseMessageKey, sealForHolder, Sealer } from './sealing';

const clock = { now: () => new Date('2026-03-10T09:00:00Z') };
/** A configured key never touches the database. */
const noDatabase = {} as Db;

describe('sealing', () => {
  it('seals with MESSAGE_KEY so that only that key opens it, differently each time', async () => {
    const key = randomBytes(32).toString('base64');
    const sealer = new Sealer(noDatabase, clock, parseMessageKey(key));
    const sealed = await sealer.seal('set-password?token=abc');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('abc');
    expect(await sealer.seal('set-password?token=abc')).not.toBe(sealed);
    expect(await sealer.open(sealed)).toBe('set-password?token=abc');
    const other = new Sealer(noDatabase, clock, parseMessageKey(randomBytes(32).toString('base64')));
    await expect(other.open(sealed)).rejects.toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    await expect(sealer.open([version, iv, tag, flipped.toString('base64url')].join('.'))).rejects.toThrow();
  });

  it('refuses a MESSAGE_KEY that is not 32 bytes', () => {
    expect(() => parseMessageKey('c2hvcnQ=')).toThrow('MESSAGE_KEY must be 32 bytes');
    expect(parseMessageKey(undefined)).toBeUndefined();
  });

  it('seals a value for the holder of a secret, bound to its context', () => {
    const sealed = sealForHolder('hold-token', 'slot-1', 'short-token');
    expect(openForHolder('hold-token', 'slot-1', sealed)).toBe('short-token');
    expect(() => openForHolder('another-token', 'slot-1', sealed)).toThrow();
    expect(() => openForHolder('hold-token', 'slot-2', sealed)).toThrow();
  });
});
