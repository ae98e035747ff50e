import { describe, expect, it } from 'vitest';
import { prettyLogs } from './logging';

describe('prettyLogs', () => {
  it('is pretty only on a terminal outside production', () => {
    expect(prettyLogs({ isTTY: true }, undefined)).toBe(true);
    expect(prettyLogs({ isTTY: true }, 'development')).toBe(true);
    expect(prettyLogs({ isTTY: true }, 'production')).toBe(false);
    expect(prettyLogs({ isTTY: false }, undefined)).toBe(false);
    expect(prettyLogs({}, undefined)).toBe(false);
  });
});
