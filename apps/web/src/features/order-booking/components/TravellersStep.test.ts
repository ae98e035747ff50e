import { BOOKING_MSG, BOOKING_WIZARD_MSG, CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, PCR_TEST_SKU, SEED_PARTNERS } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import type { BookableProduct } from '../types';
import { travellersSchema, travellersStep } from './TravellersStep';

const product = (id: string, sku: string): BookableProduct => ({ id, sku, title: sku, type: 'Antigen', tags: [], bundle_id: null, unitsLeft: null });
const products = [product('fit', FIT_TO_FLY_ANTIGEN_SKU), product('day2', 'DAY-2-UK-ANT-001'), product('pcr', PCR_TEST_SKU)];
const [ofl, attractionWorld] = SEED_PARTNERS;
const airline = { kind: 'airline' as const, code_prefixes: [{ sku: FIT_TO_FLY_ANTIGEN_SKU, prefixes: ['EANT', 'EAIR'], excluded: [] }, { sku: PCR_TEST_SKU, prefixes: ['EPCR'], excluded: [] }] };
const errorsOf = (partner: Parameters<typeof travellersSchema>[0], productId: string, people: string, codes: string[]) => {
  const result = travellersSchema(partner, products).safeParse({ product_id: productId, numberOfPeople: people, purchaseCode: codes.map((code) => ({ code })) });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe("'Number of travellers'", () => {
  it("holds each person's code to the partner's prefixes for the chosen test", () => {
    expect(errorsOf(attractionWorld, 'fit', '2', ['F2FAWAAAA', 'F2FAWBBBB'])).toEqual({});
    expect(errorsOf(attractionWorld, 'fit', '2', ['F2FAWAAAA', 'D2AWBBBB'])).toEqual({ 'purchaseCode.1.code': 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2FAW.' });
    expect(errorsOf(ofl, 'fit', '1', ['F2FAWAAAA'])).toEqual({ 'purchaseCode.0.code': 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.' });
    expect(errorsOf(ofl, 'day2', '1', ['D2DAAAA'])).toEqual({});
    expect(errorsOf(airline, 'pcr', '1', ['EANTAAAA'])).toEqual({ 'purchaseCode.0.code': CODE_MSG.otherTestType });
  });

  it('asks for a test, a code per person, no code twice, and 1 to 4 people', () => {
    expect(errorsOf(attractionWorld, '', '1', ['F2FAWAAAA'])).toEqual({ product_id: BOOKING_WIZARD_MSG.selectTestKit });
    expect(errorsOf(attractionWorld, 'fit', '2', ['F2FAWAAAA', ''])).toEqual({ 'purchaseCode.1.code': CODE_MSG.required });
    expect(errorsOf(attractionWorld, 'fit', '2', ['F2FAWAAAA', 'F2FAWAAAA'])).toEqual({ 'purchaseCode.1.code': CODE_MSG.repeated });
    expect(errorsOf(attractionWorld, 'fit', '5', ['F2FAWAAAA'])).toMatchObject({ numberOfPeople: BOOKING_MSG.maximumPeople });
  });

  it("comes first, or after 'Travel Details' for an airline", () => {
    expect(travellersStep('Number of travellers', attractionWorld, products).position).toBe('first');
    expect(travellersStep('Number of travellers', airline, products).position).toBe('afterTravel');
  });
});
