import { randomBytes } from 'node:crypto';
import { SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH } from '@vireo/contracts';

/**
 * A new order short token: 20 characters of the 32-letter alphabet (5 random bits each, 100 in
 * all). The alphabet's size divides 256, so taking each byte modulo 32 keeps every letter equally likely.
 */
export function newShortToken(): string {
  const bytes = randomBytes(SHORT_TOKEN_LENGTH);
  let token = '';
  for (const byte of bytes) token += SHORT_TOKEN_ALPHABET[byte % SHORT_TOKEN_ALPHABET.length];
  return token;
}
