import { randomUUID } from 'node:crypto';
import { CODE_MSG, ORDER_MSG, londonIsoDay, partnerCodeError, priceOrder, repeatedCodes, type PartnerOrderData, type PartnerOrderResponse } from '@vireo/contracts';
import type { Caller } from '../../platform/caller';
import { badRequest, notFound } from '../../platform/errors';
import { orderItems, orders } from '../../db/schema';
import { purchaseCodeRefusal, takePurchaseCodeUse } from '../commerce';
import { partnerPageRules } from '../partners';
import type { OrdersDeps } from './deps';
import { basketOf, orderItemRows } from './place';
import { newShortToken } from './short-token';

const codeError = (index: number, message: string) => badRequest(message, { [`codes.${index}`]: message });

/**
 * POST /partner-page/{slug}/order (public, issue 18): a partner page's order, its codes paying every
 * unit. Before anything is written each code is held to the partner's rule for its unit's product
 * (contracts' `partnerCodeError`, the form's message at codes.{i}) and no code repeats another
 * person's. Then, in one transaction, each code's use is taken for its unit's product (one
 * conditional UPDATE per code, so a code used twice at once pays once; one that cannot pay today
 * rolls the order back with 'Your code is invalid', used up or not: spec 3 §7's words, contracts'
 * `usedUpCodeMessage('partner')`), and the order is written with the partner's
 * label as its source, nothing due: Complete / Processing, 'order.payment.complete' emitted and the
 * placing audited (anonymous, no personal data). The order belongs to no user and no organisation:
 * its short token is how the page books it.
 */
export async function placePartnerOrder(deps: OrdersDeps, caller: Caller, slug: string, input: PartnerOrderData): Promise<PartnerOrderResponse> {
  const partner = await partnerPageRules(deps.db, slug);
  if (!partner) throw notFound();
  const { lines, currency } = await basketOf(deps.db, { items: input.items, source: partner.source });
  const byId = new Map(lines.map((line) => [line.product.id, line.product]));
  const units = input.items.flatMap((item) => Array.from({ length: item.quantity }, () => byId.get(item.product_id)!));
  if (input.codes.length !== units.length) throw badRequest(CODE_MSG.onePerPerson, { codes: CODE_MSG.onePerPerson });
  input.codes.forEach((code, index) => {
    const problem = partnerCodeError(partner, units[index]!.sku, code);
    if (problem) throw codeError(index, problem);
  });
  const repeated = repeatedCodes(input.codes)[0];
  if (repeated !== undefined) throw codeError(repeated, CODE_MSG.repeated);
  const now = deps.clock.now();
  const today = londonIsoDay(now);
  const id = randomUUID();
  const shortToken = newShortToken();
  const pricing = priceOrder(
    lines,
    lines.map((line) => line.unit_pence * line.quantity),
  );
  await deps.db.transaction(async (tx) => {
    for (const [index, code] of input.codes.entries()) {
      if (!(await takePurchaseCodeUse(tx, code, units[index]!.id, today))) throw codeError(index, (await purchaseCodeRefusal(tx, code, today, 'partner')) ?? CODE_MSG.invalid);
    }
    await tx.insert(orders).values({
      id,
      shortToken,
      source: partner.source,
      currency,
      createdAt: now,
      updatedAt: now,
      originalPricePence: pricing.original_price,
      discountPence: pricing.discount_amount,
      pricePence: pricing.price,
      vatPence: pricing.vat,
      discountCode: input.codes[0]!,
      paymentFlag: 'Complete',
      shippingFlag: 'Processing',
      transactionId: null,
      customerUserId: null,
      organisationId: null,
      billingEmail: input.billing_detail.email,
      billingDetail: input.billing_detail,
      billingAddress: input.billing_address ?? null,
      shippingAddress: input.billing_address ?? null,
    });
    await tx.insert(orderItems).values(orderItemRows(id, lines, pricing));
    await deps.outbox.emit(tx, { name: 'order.payment.complete', organisationId: null, payload: { order_id: id, price: pricing.price, currency, source: partner.source } });
    await deps.audit.record(
      { action: 'order.placed', outcome: 'success', resourceType: 'order', resourceId: id, details: { source: partner.source, price: pricing.price, currency, codes: input.codes.length, payment_flag: 'Complete' } },
      caller,
      tx,
    );
  });
  return { success: true, order_details: { id, short_token: shortToken }, message: ORDER_MSG.placed };
}
