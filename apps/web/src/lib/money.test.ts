import { describe, expect, it } from 'vitest';
import { formatPence, poundsAsPence } from './money';

describe('money', () => {
  it('shows pence as pounds or dollars with two decimals', () => {
    expect(formatPence(2900)).toBe('£29.00');
    expect(formatPence(1250, 'USD')).toBe('$12.50');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('turns a catalogue price in pounds into whole pence', () => {
    expect(poundsAsPence(29.99)).toBe(2999);
    expect(poundsAsPence(0.1 + 0.2)).toBe(30);
    expect(poundsAsPence(19)).toBe(1900);
  });
});
