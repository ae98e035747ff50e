import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, orderRequest, shopPricing, shopSource, type ShopValues } from './shopOrder';

const kit = { id: '7f0c1d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f', title: 'Fit to Fly Antigen Test', sku: 'FLX-UK-ANT-SNS-001', price: 29, currency: 'GBP' as const, discount_exempt: 0 as const, vat_exempt: 0 as const };
const home = { ...EMPTY_ADDRESS, address_1: ' 1 High Street ', town: 'London', postcode: 'SW1A 1AA' };
const values: ShopValues = {
  product_id: kit.id,
  quantity: 2,
  shipping_address: home,
  billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', telephone: '' },
  same_address: true,
  billing_address: EMPTY_ADDRESS,
  discount: '',
};

describe('the shop’s order', () => {
  it('sends the kit, the shipping address twice when billing is the same, no empty fields, and the card', () => {
    const card = { number: '4242424242424242', expiration_date: '12/30', cvv: '123' };
    expect(orderRequest(values, kit, 'Vireo', card)).toEqual({
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', telephone: undefined },
      shipping_address: { address_1: '1 High Street', address_2: undefined, town: 'London', county: undefined, postcode: 'SW1A 1AA', telephone: undefined },
      billing_address: { address_1: '1 High Street', address_2: undefined, town: 'London', county: undefined, postcode: 'SW1A 1AA', telephone: undefined },
      source: 'vireo',
      items: [{ product_id: kit.id, title: kit.title, sku: kit.sku, quantity: 2, price: 29 }],
      discount: undefined,
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    });
  });

  it('sends its own billing address and the code when given', () => {
    const other = { ...EMPTY_ADDRESS, address_1: '2 Low Road', town: 'Leeds', postcode: 'LS1 1AA', county: 'West Yorkshire' };
    const request = orderRequest({ ...values, same_address: false, billing_address: other, discount: 'SPRING-10' }, kit, 'Vireo', null);
    expect(request.billing_address).toMatchObject({ address_1: '2 Low Road', county: 'West Yorkshire' });
    expect(request.discount).toBe('SPRING-10');
    expect(request.card).toBeUndefined();
  });

  it('buys a dollar-priced kit in the product’s US shop', () => {
    expect(shopSource('Vireo', { currency: 'USD' })).toBe('vireo-us');
    expect(shopSource('Vireo', { currency: 'GBP' })).toBe('vireo');
  });

  it('prices the summary by contracts’ rules: the code’s discount and the VAT included in the rest', () => {
    expect(shopPricing(kit, 2, null)).toMatchObject({ original_price: 5800, discount_amount: 0, price: 5800, vat: 967 });
    expect(shopPricing(kit, 2, { type: 'percentage', value: 10 })).toMatchObject({ original_price: 5800, discount_amount: 580, price: 5220, vat: 870 });
    expect(shopPricing(kit, 1, { type: 'trial', value: 0 })).toMatchObject({ price: 0, vat: 0 });
    expect(shopPricing({ ...kit, discount_exempt: 1, vat_exempt: 1 }, 1, { type: 'reduction', value: 500 })).toMatchObject({ price: 2900, discount_amount: 0, vat: 0 });
  });
});
