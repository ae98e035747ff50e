import { describe, expect, it } from 'vitest';
import { cardExpired, claimableBadgeText } from './booking';

describe('the claimable badge', () => {
  it('says "There is 1 claimable appointment" for one and the plural otherwise', () => {
    expect(claimableBadgeText(1)).toBe('There is 1 claimable appointment');
    expect(claimableBadgeText(2)).toBe('There are 2 claimable appointments');
    expect(claimableBadgeText(12)).toBe('There are 12 claimable appointments');
  });
});

describe('card expiry', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('keeps a card valid through the last day of its month', () => {
    expect(cardExpired('11/26', now)).toBe(false);
    expect(cardExpired('10/26', now)).toBe(true);
    expect(cardExpired('01/20', now)).toBe(true);
    expect(cardExpired('01/27', now)).toBe(false);
    expect(cardExpired('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });
});
