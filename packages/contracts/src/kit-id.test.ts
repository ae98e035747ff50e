import { describe, expect, it } from 'vitest';
import { kitIdComplete, kitIdLooksMistyped, normaliseKitId } from './certificates-constants';

describe('kit ID helper', () => {
  it('forces upper case and drops surrounding spaces', () => {
    expect(normaliseKitId('  ab12345 ')).toBe('AB12345');
  });

  it('warns when more than one character is not a digit (the letter O typed for zero)', () => {
    expect(kitIdLooksMistyped('12345')).toBe(false);
    expect(kitIdLooksMistyped('A12345')).toBe(false);
    expect(kitIdLooksMistyped('A1O345')).toBe(true);
    expect(kitIdLooksMistyped('1OO45')).toBe(true);
  });

  it('needs at least 5 characters', () => {
    expect(kitIdComplete('1234')).toBe(false);
    expect(kitIdComplete(' 1234 ')).toBe(false);
    expect(kitIdComplete('12345')).toBe(true);
  });
});
