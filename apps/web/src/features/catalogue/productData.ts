import type { Product, ProductData } from '@vireo/contracts';

/** The product as PUT /product/{id} takes it: the whole product (without what only the server answers). */
export function productData(product: Product): ProductData {
  const { id: _id, currency: _currency, updated_at: _updated, ...data } = product;
  return data;
}

/** A price in its country's currency: £ (or $ for country US), two decimals. */
export function formatPrice(product: Pick<Product, 'price' | 'currency'>): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: product.currency }).format(product.price);
}
