import { randomUUID } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import {
  DISCOUNT_MSG,
  ORDER_MAX_QUANTITY,
  ORDER_MSG,
  currencyOf,
  currencyOfSource,
  londonIsoDay,
  orderBookingLink,
  pharmacySourceCurrency,
  priceOrder,
  type CodeFlow,
  type CreateOrderData,
  type CreateOrderResponse,
  type OrderLine,
  type PaymentFlag,
  type ShippingFlag,
} from '@vireo/contracts';
import { hasPermission } from '../../platform/access';
import type { SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import type { ChargeResult } from '../../platform/payments';
import { orderItems, orderPayments, orders, products } from '../../db/schema';
import { purchaseCodeRefusal, takeDiscountOff, takePurchaseCodeUse } from '../commerce';
import { sourceCodeError } from '../partners';
import type { OrdersDeps } from './deps';
import { newShortToken } from './short-token';

type ProductRow = typeof products.$inferSelect;

/** A basket line priced from the catalogue, with the product it is for. */
export interface BasketLine extends OrderLine {
  product: ProductRow;
}

/**
 * The order's `discount`, resolved in the order's transaction: one use of it is taken and the pence
 * it takes off each line answered; without a code, nothing. A purchase code (commerce's
 * `takePurchaseCodeUse`) pays for one unit of its batch's product, so it is tried against each line's
 * product in turn; any other code is a discount code (commerce's `takeDiscountOff`, the rule bookings share).
 * Each use is one conditional UPDATE, so concurrent orders never take more uses than a code has. A
 * code that cannot be used today is 400, which rolls the order back: a purchase code with no use
 * left today (used up or past its batch's last day) is `flow`'s word for it (commerce's
 * `purchaseCodeRefusal`: 'Your code is expired' on the pharmacy form, spec 2 §5; 'Your code is
 * invalid' on the others, spec 3 §7), anything else 'Your code is invalid' (unknown, inactive, out of
 * its days, or a purchase code for a product not in the basket).
 */
export async function resolveOrderDiscount(tx: Db, code: string | undefined, lines: readonly BasketLine[], londonToday: string, flow: CodeFlow): Promise<number[]> {
  if (!code) return lines.map(() => 0);
  for (const [index, line] of lines.entries()) {
    if (await takePurchaseCodeUse(tx, code, line.product.id, londonToday)) return lines.map((other, i) => (i === index ? other.unit_pence : 0));
  }
  const taken = await takeDiscountOff(tx, code, lines, londonToday);
  if (!taken) {
    const message = (await purchaseCodeRefusal(tx, code, londonToday, flow)) ?? DISCOUNT_MSG.invalid;
    throw new AppError(400, message, { discount: message });
  }
  return taken.off;
}

/** A refused card, carried out of the savepoint that took the code's use so that the use is given back. */
class Refused {
  constructor(readonly pricing: ReturnType<typeof priceOrder>, readonly charge: ChargeResult) {}
}

/** The basket's lines, one per product (the same product twice is one line), priced from the catalogue; 400 for a product not on sale or of another currency. */
export async function basketOf(db: Db, input: Pick<CreateOrderData, 'items' | 'source'>): Promise<{ lines: BasketLine[]; currency: 'GBP' | 'USD' }> {
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity);
  const ids = [...quantities.keys()];
  const rows = await db.select().from(products).where(and(inArray(products.id, ids), isNull(products.retiredAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const currency = currencyOfSource(input.source);
  const lines: BasketLine[] = [];
  for (const [id, quantity] of quantities) {
    const index = input.items.findIndex((item) => item.product_id === id);
    const product = byId.get(id);
    if (!product || !product.active || product.outOfStock) throw badRequest(ORDER_MSG.productUnavailable, { [`items.${index}.product_id`]: ORDER_MSG.productUnavailable });
    if (currencyOf(product.country) !== currency) throw badRequest(ORDER_MSG.mixedCurrency, { [`items.${index}.product_id`]: ORDER_MSG.mixedCurrency });
    if (quantity > ORDER_MAX_QUANTITY) throw badRequest(ORDER_MSG.quantity, { [`items.${index}.quantity`]: ORDER_MSG.quantity });
    lines.push({ product, unit_pence: product.pricePence, quantity, discount_exempt: product.discountExempt, vat_exempt: product.vatExempt });
  }
  return { lines, currency };
}

/** An order's item rows: each basket line with its priced amounts (pricing.lines in the basket's order). */
export function orderItemRows(orderId: string, lines: readonly BasketLine[], pricing: ReturnType<typeof priceOrder>) {
  return lines.map((line, position) => ({
    orderId,
    position,
    productId: line.product.id,
    bundleId: line.product.bundleId,
    title: line.product.title,
    sku: line.product.sku,
    type: line.product.type,
    bookable: line.product.bookable,
    shippable: line.product.shippable,
    discountExempt: line.discount_exempt,
    vatExempt: line.vat_exempt,
    unitPricePence: line.unit_pence,
    quantity: line.quantity,
    amountPence: pricing.lines[position]!.amount_pence,
    discountPence: pricing.lines[position]!.discount_pence,
    vatPence: pricing.lines[position]!.vat_pence,
  }));
}

function chargeMessage(charge: ChargeResult): { message: string; errors?: Record<string, string> } {
  if (charge.approved) return { message: ORDER_MSG.paid };
  return charge.reason === 'declined' ? { message: ORDER_MSG.cardDeclined } : { message: ORDER_MSG.cardInvalid, errors: { [`card.${charge.field}`]: charge.message } };
}

export interface PlacedOrder {
  status: 201 | 402;
  body: CreateOrderResponse;
}

/**
 * POST /order: prices the basket from the catalogue, takes the discount, and charges what is due
 * through the payment gateway, all in one transaction with the order, its lines, the payment record
 * and, once paid, 'order.payment.complete' (whose handler sends the confirmation). Approved:
 * Complete / Processing with the gateway's transaction id. Declined: the order is kept Failed /
 * failed with its prices and answered 402 with the message; its code's use is given back (the use
 * and the charge share a savepoint), so the customer can try another card with the same code.
 * Nothing due: Complete, no charge. Something due without a card: Initiated / Pending. A charge
 * whose transaction fails is refunded. The card is passed to the gateway only. An order from the
 * pharmacy form or a partner's label paid with a code is first held to that source's code rules
 * (partners' `sourceCodeError`, with the forms' messages). Pharmacy staff (pharmacy.book) place
 * orders of the pharmacy form's sources only: Pharmacy (in pounds) or its US variant {product}-us
 * (in dollars, the US products only; another product is 400 as of another currency); another
 * source is 400. Each is theirs (its customer user), as the pharmacy flow's later calls need. A
 * purchase code with no use left is 'Your code is expired' on such an order (the pharmacy form, spec 2
 * §5) and 'Your code is invalid' on any other (customer services and other callers, spec 3 §7).
 */
export async function placeOrder(deps: OrdersDeps, caller: SignedInCaller, input: CreateOrderData): Promise<PlacedOrder> {
  const staff = hasPermission(caller.auth, 'orders.manage');
  const own = hasPermission(caller.auth, 'orders.own');
  const pharmacyStaff = hasPermission(caller.auth, 'pharmacy.book');
  const pharmacyCurrency = pharmacyStaff ? pharmacySourceCurrency(input.source, deps.productName) : null;
  if (pharmacyStaff && !pharmacyCurrency && !staff && !own) throw badRequest(ORDER_MSG.pharmacySource, { source: ORDER_MSG.pharmacySource });
  const pharmacy = pharmacyCurrency !== null;
  if (!staff && !pharmacy && !own) throw forbidden();
  const { lines, currency } = await basketOf(deps.db, input);
  const codeProblem = input.discount
    ? await sourceCodeError(
        deps.db,
        input.source,
        input.discount.toUpperCase(),
        lines.map((line) => line.product.sku),
        pharmacyCurrency,
      )
    : null;
  if (codeProblem) throw badRequest(codeProblem, { discount: codeProblem });
  const now = deps.clock.now();
  const id = randomUUID();
  const shortToken = newShortToken();
  let charge: ChargeResult | null = null;
  try {
    const placed = await deps.db.transaction(async (tx) => {
      const priced = await tx
        .transaction(async (savepoint) => {
          const pricing = priceOrder(lines, await resolveOrderDiscount(savepoint, input.discount, lines, londonIsoDay(now), pharmacy ? 'pharmacy' : 'partner'));
          if (pricing.price === 0 || !input.card) return pricing;
          const result = await deps.gateway.charge({ amountPence: pricing.price, currency, card: input.card, description: `Order ${id}` });
          charge = result;
          if (!result.approved) throw new Refused(pricing, result);
          return pricing;
        })
        .catch((error: unknown) => {
          if (error instanceof Refused) return error.pricing;
          throw error;
        });
      const pricing = priced;
      let payment: PaymentFlag;
      let shipping: ShippingFlag;
      const result = charge as ChargeResult | null;
      if (pricing.price === 0) [payment, shipping] = ['Complete', 'Processing'];
      else if (!result) [payment, shipping] = ['Initiated', 'Pending'];
      else [payment, shipping] = result.approved ? ['Complete', 'Processing'] : ['Failed', 'failed'];
      const made = charge as ChargeResult | null;
      await tx.insert(orders).values({
        id,
        shortToken,
        source: input.source,
        currency,
        createdAt: now,
        updatedAt: now,
        originalPricePence: pricing.original_price,
        discountPence: pricing.discount_amount,
        pricePence: pricing.price,
        vatPence: pricing.vat,
        discountCode: input.discount ?? null,
        paymentFlag: payment,
        shippingFlag: shipping,
        transactionId: made?.approved ? made.reference : null,
        customerUserId: staff && !pharmacy ? null : caller.auth.userId,
        organisationId: caller.auth.organisationId,
        billingEmail: input.billing_detail.email,
        billingDetail: input.billing_detail,
        billingAddress: input.billing_address,
        shippingAddress: input.shipping_address,
      });
      await tx.insert(orderItems).values(orderItemRows(id, lines, pricing));
      if (made) {
        await tx.insert(orderPayments).values({
          orderId: id,
          kind: 'charge',
          amountPence: pricing.price,
          currency,
          gateway: deps.gateway.name,
          gatewayReference: made.approved ? made.reference : null,
          outcome: made.approved ? 'approved' : made.reason === 'declined' ? 'declined' : 'invalid',
          createdBy: caller.auth.userId,
          createdAt: now,
        });
      }
      if (payment === 'Complete') {
        await deps.outbox.emit(tx, { name: 'order.payment.complete', organisationId: caller.auth.organisationId, payload: { order_id: id, price: pricing.price, currency, source: input.source } });
      }
      await deps.audit.record(
        { action: 'order.placed', outcome: 'success', resourceType: 'order', resourceId: id, details: { source: input.source, price: pricing.price, currency, discount: input.discount ?? null, payment_flag: payment } },
        caller,
        tx,
      );
      return { payment, bookable: lines.some((line) => line.product.bookable) };
    });
    const made = charge as ChargeResult | null;
    const { message, errors } = made ? chargeMessage(made) : { message: placed.payment === 'Complete' ? ORDER_MSG.placed : ORDER_MSG.awaitingPayment, errors: undefined };
    return {
      status: placed.payment === 'Failed' ? 402 : 201,
      body: {
        success: placed.payment !== 'Failed',
        order_details: { id, short_token: shortToken, payment_flag: placed.payment, booking_link: placed.bookable ? orderBookingLink(shortToken, deps.productName) : null },
        message,
        ...(errors ? { errors } : {}),
      },
    };
  } catch (error) {
    const made = charge as ChargeResult | null;
    if (made?.approved) await deps.gateway.refund(made.reference);
    throw error;
  }
}
