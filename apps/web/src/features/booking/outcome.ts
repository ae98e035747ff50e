import { BOOKING_MSG } from '@vireo/contracts';
import { ApiError } from '../../lib/api';
import type { BookingT, MessageTextOf } from './texts';

export interface BookingFailure {
  /** The lines the failure screen shows: the server's message, then its field messages. */
  lines: string[];
  /** The hold is gone (taken, lapsed, or never ours): the visitor must choose a time again. */
  slotLost: boolean;
  /** A card problem (402): the hold stays and the visitor may try another card. */
  cardRefused: boolean;
  /** The failure itself, for the form to put its field errors on the fields. */
  cause: unknown;
}

/**
 * What a failed payment means for the visitor. The server's 'Something went wrong, please try
 * again.' is shown as the slot-taken text, as spec 2 §8 says; a request that never got an answer
 * keeps the generic text.
 */
export function describeFailure(error: unknown, t: BookingT, messageText: MessageTextOf): BookingFailure {
  if (!(error instanceof ApiError)) return { lines: [messageText(BOOKING_MSG.paymentFailed)], slotLost: false, cardRefused: false, cause: error };
  const slotLost = error.status === 409 || (error.status !== 0 && error.message === BOOKING_MSG.paymentFailed);
  const message = slotLost ? t('slotTaken') : messageText(error.message);
  const details = Object.values(error.errors ?? {})
    .map((line) => messageText(line))
    .filter((line) => line !== message);
  return { lines: [message, ...details], slotLost, cardRefused: error.status === 402, cause: error };
}
