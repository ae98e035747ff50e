import { describe, expect, it } from 'vitest';
import { claimableBadgeText } from './booking';

describe('the claimable badge', () => {
  it('says "There is 1 claimable appointment" for one and the plural otherwise', () => {
    expect(claimableBadgeText(1)).toBe('There is 1 claimable appointment');
    expect(claimableBadgeText(2)).toBe('There are 2 claimable appointments');
    expect(claimableBadgeText(12)).toBe('There are 12 claimable appointments');
  });
});
