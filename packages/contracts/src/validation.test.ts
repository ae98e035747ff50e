import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { Email, multilineText, TELEPHONE_INVALID, Telephone, text } from './validation';

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

describe('text fields refuse control characters', () => {
  it.each(['a\u0000b', 'tab\there', 'line\nbreak', 'bell\u0007', 'escape\u001b[31m', 'delete\u007f', 'c1\u0085'])('one line refuses %j', (value) => {
    const result = text().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.controlCharacters);
  });

  it('one line accepts any other character, accents and emoji included', () => {
    expect(text().safeParse('Zoë O’Brien-Łukasz 🙂').success).toBe(true);
  });

  it('multi-line text keeps tab, line feed and carriage return but refuses the rest', () => {
    expect(multilineText().safeParse('one\n\ttwo\r\nthree').success).toBe(true);
    expect(multilineText().safeParse('one\u0000two').error?.issues[0]?.message).toBe(MSG.controlCharacters);
    expect(multilineText().safeParse('one\u000btwo').success).toBe(false);
  });

  it('the shared builders (e-mail, names, telephone) answer the control-character message first', () => {
    expect(Email.safeParse('ada\u0000@example.test').error?.issues[0]?.message).toBe(MSG.controlCharacters);
    expect(Telephone.safeParse('07911\u0000123456').error?.issues[0]?.message).toBe(MSG.controlCharacters);
  });
});
