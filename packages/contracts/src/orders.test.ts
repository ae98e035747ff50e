import { describe, expect, it } from 'vitest';
import { discountPerLine } from './discounts';
import { currencyOfSource, orderBookingLink, priceOrder, SHORT_TOKEN_ALPHABET, SHORT_TOKEN_PATTERN, vatIncluded, type OrderLine } from './orders';

const line = (unit_pence: number, quantity = 1, flags: { discount_exempt?: boolean; vat_exempt?: boolean } = {}): OrderLine => ({
  unit_pence,
  quantity,
  discount_exempt: flags.discount_exempt ?? false,
  vat_exempt: flags.vat_exempt ?? false,
});

describe('order pricing', () => {
  it('includes 20% VAT in each line that is not exempt', () => {
    expect(vatIncluded(1200)).toBe(200);
    expect(vatIncluded(2900)).toBe(483);
    expect(priceOrder([line(2900, 2), line(1000, 1, { vat_exempt: true })])).toEqual({
      lines: [
        { amount_pence: 5800, discount_pence: 0, vat_pence: 967 },
        { amount_pence: 1000, discount_pence: 0, vat_pence: 0 },
      ],
      original_price: 6800,
      discount_amount: 0,
      price: 6800,
      vat: 967,
    });
  });

  it('takes VAT on what is left of a line after the code', () => {
    const lines = [line(2900), line(1000, 1, { discount_exempt: true })];
    const priced = priceOrder(lines, discountPerLine(lines, { type: 'percentage', value: 100 }));
    expect(priced).toMatchObject({ original_price: 3900, discount_amount: 2900, price: 1000, vat: 167 });
  });

  it('shares a reduction among the discountable lines in proportion, to the penny', () => {
    const lines = [line(1000), line(2000), line(500, 1, { discount_exempt: true })];
    expect(discountPerLine(lines, { type: 'reduction', value: 1000 })).toEqual([334, 666, 0]);
    expect(discountPerLine(lines, { type: 'reduction', value: 5000 })).toEqual([1000, 2000, 0]);
    expect(discountPerLine(lines, { type: 'trial', value: 0 })).toEqual([1000, 2000, 0]);
  });

  it('prices a -us source in dollars, every other in pounds', () => {
    expect(currencyOfSource('vireo-us')).toBe('USD');
    expect(currencyOfSource('Vireo-US')).toBe('USD');
    expect(currencyOfSource('Pharmacy')).toBe('GBP');
    expect(currencyOfSource('euro')).toBe('GBP');
  });

  it('short tokens leave out 0, O, 1 and I; the booking link names the product’s service', () => {
    expect(SHORT_TOKEN_ALPHABET).toHaveLength(32);
    expect(SHORT_TOKEN_ALPHABET).not.toMatch(/[0O1I]/);
    expect(SHORT_TOKEN_PATTERN.test('ABCDEFGHJKLMNPQRSTUV')).toBe(true);
    expect(SHORT_TOKEN_PATTERN.test('ABCDEFGHJKLMNPQRSTU0')).toBe(false);
    expect(orderBookingLink('ABCDEFGHJKLMNPQRSTUV', 'Vireo')).toBe('/b2c/book-appointment?short_token=ABCDEFGHJKLMNPQRSTUV&service=video_gp_vireo');
  });
});
