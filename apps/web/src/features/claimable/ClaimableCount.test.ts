import { describe, expect, it } from 'vitest';
import { touchesClaimable } from './ClaimableCount';

describe('touchesClaimable: which live events can change the claimable count', () => {
  it('a change to or from CLAIMABLE can; one between other statuses cannot', () => {
    expect(touchesClaimable([{ status: 'CLAIMABLE', previous_status: 'WAITING' }])).toBe(true);
    expect(touchesClaimable([{ status: 'WAITING', previous_status: 'CLAIMABLE' }])).toBe(true);
    expect(touchesClaimable([{ status: 'LOCKED', previous_status: 'AVAILABLE' }, { status: 'WAITING', previous_status: 'LOCKED' }])).toBe(false);
  });

  it('a hold, which does not tell the status it replaced (AVAILABLE or a lapsed hold), cannot', () => {
    expect(touchesClaimable([{ status: 'LOCKED', previous_status: null }])).toBe(false);
  });
});
