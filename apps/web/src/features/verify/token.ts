/** A compact JWS: three base64url parts (header, payload, signature). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The longest token the verification route takes (contracts' `VerifyRequest`). */
const MAX_TOKEN_LENGTH = 8000;

/**
 * The signed token in what a checker has: the verification link printed as the certificate's QR
 * code (`…/verify#<token>`), its fragment (`#<token>`) or the token itself. Whatever follows the
 * first `#` is the token; anything that is not a compact JWS answers null.
 */
export function tokenFrom(input: string): string | null {
  const hash = input.indexOf('#');
  const candidate = (hash === -1 ? input : input.slice(hash + 1)).trim();
  return candidate.length <= MAX_TOKEN_LENGTH && COMPACT_JWS.test(candidate) ? candidate : null;
}
