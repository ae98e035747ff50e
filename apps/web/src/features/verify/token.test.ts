import { describe, expect, it } from 'vitest';
import { tokenFrom } from './token';

const TOKEN = 'eyJhbGciOiJFZERTQSJ9.eyJuYW0iOnt9fQ.c2lnbmF0dXJlXy0';

describe('tokenFrom', () => {
  it('takes the token from a location fragment', () => {
    expect(tokenFrom(`#${TOKEN}`)).toBe(TOKEN);
  });

  it('takes the part after # from a pasted verification link, spaces around it ignored', () => {
    expect(tokenFrom(`https://vireo.example/verify#${TOKEN}`)).toBe(TOKEN);
    expect(tokenFrom(`  https://vireo.example/verify#${TOKEN}\n`)).toBe(TOKEN);
  });

  it('takes a raw token as it is', () => {
    expect(tokenFrom(TOKEN)).toBe(TOKEN);
    expect(tokenFrom(` ${TOKEN} `)).toBe(TOKEN);
  });

  it('answers null for anything that is not a compact JWS', () => {
    for (const junk of ['', '#', 'https://vireo.example/verify', 'https://vireo.example/verify#', 'hello', 'a.b', 'a.b.c.d', 'a..c', `${TOKEN}!`, 'a.b c.d', `#${'a'.repeat(8000)}.b.c`]) {
      expect(tokenFrom(junk), junk).toBeNull();
    }
  });
});
