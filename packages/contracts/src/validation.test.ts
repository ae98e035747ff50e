import { describe, expect, it } from 'vitest';
import { TELEPHONE_INVALID, Telephone } from './validation';

describe('Telephone (spec 1 §5: validated as a phone number)', () => {
  it.each(['07911 123456', '+44 7911 123456', '020 7946 0958', '0161 496 0000', '+49 30 12345678'])('accepts %s', (value) => {
    expect(Telephone.safeParse(value).success).toBe(true);
  });

  it.each(['1234', '12345', '0791112345', 'not a number', '+44 7911 123456 1234567890 12'])('refuses %s', (value) => {
    const result = Telephone.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TELEPHONE_INVALID);
  });
});
