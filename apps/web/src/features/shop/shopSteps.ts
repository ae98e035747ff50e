import { BillingDetail, BOOKING_MSG, CardInput, cardExpired, OrderAddress } from '@vireo/contracts';
import { z } from 'zod';
import { SHOP_MAX_QUANTITY, SHOP_MIN_QUANTITY } from './shopOrder';

/** The form keeps '' for a field left empty; contracts' optional fields want it absent. */
const withoutBlanks = (value: unknown) =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter(([, field]) => !(typeof field === 'string' && field.trim() === ''))) : value;

const Address = z.preprocess(withoutBlanks, OrderAddress);

/** Step 'kit': one kit of the list, 1 to 10 of it. */
export const KitStep = z.object({
  product_id: z.string().min(1),
  quantity: z.number().int().min(SHOP_MIN_QUANTITY).max(SHOP_MAX_QUANTITY),
});

/** Step 'shipping': where the kits go (contracts' order address). */
export const ShippingStep = z.object({ shipping_address: Address });

/** Step 'billing': who pays (contracts' billing detail) and, unless it is the shipping address, their address. */
export const BillingStep = z
  .object({ billing_detail: z.preprocess(withoutBlanks, BillingDetail), same_address: z.boolean(), billing_address: z.unknown() })
  .superRefine((values, ctx) => {
    if (values.same_address) return;
    const address = Address.safeParse(values.billing_address);
    for (const issue of address.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: ['billing_address', ...issue.path] });
  });

/** The card as the test gateway checks it (contracts' CardInput), not past its month, and the cardholder's name. */
export const CardForm = CardInput.extend({
  expiration_date: CardInput.shape.expiration_date.refine((expiry) => !cardExpired(expiry, new Date()), BOOKING_MSG.cardExpired),
});
