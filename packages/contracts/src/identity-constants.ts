/** identity.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { describeWait } from './messages';

// ---- Login service (/api/login) ----

/** 429 after repeated wrong passwords for one account from one address. */
export const signInDelayedMessage = (seconds: number) =>
  `Too many failed sign-in attempts for this account from your network. Please wait ${describeWait(seconds)} and try again.`;
