import { describe, expect, it } from 'vitest';
import { qualityBetween } from './quality';

describe('qualityBetween', () => {
  const at = (roundTripTime: number | null, packetsReceived: number, packetsLost: number) => ({ roundTripTime, packetsReceived, packetsLost });
  it('grades round trip and loss since the previous sample', () => {
    expect(qualityBetween(null, at(null, 0, 0))).toBe('unknown');
    expect(qualityBetween(at(0.05, 1000, 0), at(0.05, 2000, 5))).toBe('good');
    expect(qualityBetween(at(0.05, 1000, 0), at(0.4, 2000, 5))).toBe('fair');
    expect(qualityBetween(at(0.05, 1000, 0), at(0.05, 2000, 50))).toBe('fair');
    expect(qualityBetween(at(0.05, 1000, 0), at(0.05, 2000, 200))).toBe('poor');
    expect(qualityBetween(at(0.05, 1000, 0), at(0.8, 2000, 0))).toBe('poor');
    // Nothing arrived since the last sample: the media has stopped.
    expect(qualityBetween(at(0.05, 1000, 0), at(0.05, 1000, 0))).toBe('poor');
  });
});
