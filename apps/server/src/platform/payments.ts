import { randomUUID } from 'node:crypto';
import { BOOKING_MSG, cardExpired, luhnValid, PLACEHOLDER_CARD } from '@vireo/contracts';
import type { Clock } from './clock';

export type Currency = 'GBP' | 'USD';

export interface ChargeRequest {
  /** Integer pence (cents for USD). */
  amountPence: number;
  currency: Currency;
  card: { number: string; expiration_date: string; cvv: string };
  description: string;
}

export type ChargeResult =
  | { approved: true; reference: string; last4: string }
  | { approved: false; reason: 'declined' }
  /** The card field at fault and the words for it, shown beside that field. */
  | { approved: false; reason: 'invalid_card'; field: 'number' | 'expiration_date' | 'cvv'; message: string };

/**
 * A card payment provider, shared by the booking engine and orders (chosen by `PAYMENT_GATEWAY`).
 * Amounts are integer pence (cents for USD). Card details pass through to the provider only: never
 * stored, logged or audited.
 */
export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives back an approved charge: a booking that could not be saved, an order cancelled. */
  refund(reference: string): Promise<void>;
}

/** The gateways `PAYMENT_GATEWAY` may name; only the sandbox is built in. */
export const PAYMENT_GATEWAYS = ['sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** The gateway configuration names. */
export function createPaymentGateway(name: PaymentGatewayName, clock: Clock): PaymentGateway {
  switch (name) {
    case 'sandbox':
      return new TestPaymentGateway(clock);
  }
}

/**
 * The built-in sandbox gateway (`PAYMENT_GATEWAY=sandbox`, the default): no money moves. It approves only well-known test card numbers and
 * the spec's placeholder card, declines the documented declining numbers, and refuses any card
 * that fails the Luhn check, has expired (by the server clock) or has a CVV of the wrong length.
 * Real card numbers are declined, so a misconfigured production can never take a payment.
 */
export const TEST_CARDS = {
  approved: ['4242424242424242', '5555555555554444', '378282246310005', PLACEHOLDER_CARD.number],
  /** Generic decline, and insufficient funds. */
  declined: ['4000000000000002', '4000000000009995'],
  /** Approved, but the sandbox refuses to refund the charge (as a provider may: a card closed since). */
  refundRefused: ['4000000000005126'],
} as const;

/** The form of a sandbox reference whose refund is refused: the card's word kept in the reference, so any process refuses it. */
const REFUND_REFUSED_PREFIX = 'test_norefund_';

export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';
  private readonly charges = new Map<string, { amountPence: number; refunded: boolean }>();

  constructor(private readonly clock: Clock) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const number = request.card.number.replace(/[\s-]/g, '');
    if (!Number.isInteger(request.amountPence) || request.amountPence <= 0 || !['GBP', 'USD'].includes(request.currency)) {
      throw new Error('charge needs a positive amount in pence, GBP or USD');
    }
    if (!luhnValid(number)) return { approved: false, reason: 'invalid_card', field: 'number', message: BOOKING_MSG.cardNumberInvalid };
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(request.card.expiration_date.trim())) {
      return { approved: false, reason: 'invalid_card', field: 'expiration_date', message: BOOKING_MSG.cardExpiryFormat };
    }
    if (cardExpired(request.card.expiration_date, this.clock.now())) return { approved: false, reason: 'invalid_card', field: 'expiration_date', message: BOOKING_MSG.cardExpired };
    if (!this.cvvValid(number, request.card.cvv)) return { approved: false, reason: 'invalid_card', field: 'cvv', message: BOOKING_MSG.cvvInvalid };
    const refundRefused = (TEST_CARDS.refundRefused as readonly string[]).includes(number);
    if (!refundRefused && !(TEST_CARDS.approved as readonly string[]).includes(number)) return { approved: false, reason: 'declined' };
    const reference = refundRefused ? `${REFUND_REFUSED_PREFIX}${randomUUID()}` : `test_${randomUUID()}`;
    this.charges.set(reference, { amountPence: request.amountPence, refunded: false });
    return { approved: true, reference, last4: number.slice(-4) };
  }

  /** What became of a charge: its amount and whether it was refunded (the test gateway's own record). */
  chargeOf(reference: string): { amountPence: number; refunded: boolean } | undefined {
    const charge = this.charges.get(reference);
    return charge && { ...charge };
  }

  /**
   * Refunds one of its charges once. A charge this process did not make (another process's, or one
   * from before a restart) is refunded on the word of its reference's form: the sandbox keeps no ledger.
   * A charge of the refund-refusing test card is never refunded.
   */
  async refund(reference: string): Promise<void> {
    const charge = this.charges.get(reference);
    if (charge?.refunded || !reference.startsWith('test_')) throw new Error('unknown or already refunded charge');
    if (reference.startsWith(REFUND_REFUSED_PREFIX)) throw new Error('the card refuses refunds');
    this.charges.set(reference, { amountPence: charge?.amountPence ?? 0, refunded: true });
  }

  /** American Express (34, 37) has four digits, other schemes three. */
  private cvvValid(number: string, cvv: string): boolean {
    const amex = /^3[47]/.test(number);
    return amex ? /^\d{4}$/.test(cvv) : /^\d{3}$/.test(cvv);
  }
}
