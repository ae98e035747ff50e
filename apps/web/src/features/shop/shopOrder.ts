import { discountPerLine, priceOrder, productSlug, type CreateOrderRequest, type OrderAddress, type OrderPricing, type Product, type PublicDiscount } from '@vireo/contracts';
import { poundsAsPence } from '../../lib/money';

/** How many of one kit a customer buys at once (the issue: 1 to 10). */
export const SHOP_MIN_QUANTITY = 1;
export const SHOP_MAX_QUANTITY = 10;

/** An address as the shop's fields keep it: every field a text ('' for one left empty). */
export type AddressValues = Required<{ [K in keyof OrderAddress]: string }>;
export const EMPTY_ADDRESS: AddressValues = { address_1: '', address_2: '', town: '', county: '', postcode: '', telephone: '' };

/** The shop's answers kept for the session (never the card). */
export interface ShopValues {
  product_id: string;
  quantity: number;
  shipping_address: AddressValues;
  billing_detail: { first_name: string; last_name: string; email: string; telephone: string };
  /** The billing address is the shipping address. */
  same_address: boolean;
  billing_address: AddressValues;
  /** A code checked with GET /discount/{code} (upper-cased), or ''. */
  discount: string;
}

export interface CardValues {
  number: string;
  expiration_date: string;
  cvv: string;
}

/** A field left empty is not sent (the contracts' optional fields), the rest trimmed. */
function addressOf(values: AddressValues): OrderAddress {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    address_1: values.address_1.trim(),
    address_2: optional(values.address_2),
    town: values.town.trim(),
    county: optional(values.county),
    postcode: values.postcode.trim(),
    telephone: optional(values.telephone),
  };
}

/**
 * The shop's source: the product's own shop ('{product}'), or its US shop ('{product}-us') for a kit
 * priced in dollars, whose orders are in dollars (contracts' `currencyOfSource`).
 */
export function shopSource(productName: string, kit: Pick<Product, 'currency'>): string {
  const name = productSlug(productName);
  return kit.currency === 'USD' ? `${name}-us` : name;
}

/** POST /order's body: the kit (the catalogue prices it again), both addresses, the code, and the card when one is given. */
export function orderRequest(values: ShopValues, kit: Pick<Product, 'id' | 'title' | 'sku' | 'price' | 'currency'>, productName: string, card: CardValues | null): CreateOrderRequest {
  const shipping = addressOf(values.shipping_address);
  const { telephone, ...names } = values.billing_detail;
  return {
    billing_detail: { ...names, telephone: telephone.trim() === '' ? undefined : telephone.trim() },
    shipping_address: shipping,
    billing_address: values.same_address ? shipping : addressOf(values.billing_address),
    source: shopSource(productName, kit),
    items: [{ product_id: kit.id, title: kit.title, sku: kit.sku, quantity: values.quantity, price: kit.price }],
    discount: values.discount === '' ? undefined : values.discount,
    card: card ?? undefined,
  };
}

/**
 * What the Summary shows (integer pence): the kit's line at its catalogue price, what the code takes
 * off, the VAT included and the total, by contracts' rules. The server prices the order again.
 */
export function shopPricing(kit: Pick<Product, 'price' | 'discount_exempt' | 'vat_exempt'>, quantity: number, discount: Pick<PublicDiscount, 'type' | 'value'> | null): OrderPricing {
  const lines = [{ unit_pence: poundsAsPence(kit.price), quantity, discount_exempt: kit.discount_exempt === 1, vat_exempt: kit.vat_exempt === 1 }];
  return priceOrder(lines, discount ? discountPerLine(lines, discount) : []);
}
