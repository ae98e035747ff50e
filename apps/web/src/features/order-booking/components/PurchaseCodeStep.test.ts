import { BOOKING_MSG, CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, PCR_TEST_SKU } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import type { BookableProduct } from '../types';
import { purchaseCodeSchema } from './PurchaseCodeStep';

const product = (id: string, sku: string): BookableProduct => ({ id, sku, title: sku, type: 'Antigen', tags: [], bundle_id: null, unitsLeft: null });
const schema = purchaseCodeSchema([product('fit', FIT_TO_FLY_ANTIGEN_SKU), product('pcr', PCR_TEST_SKU)]);
const address = { postalCode: 'EC1A 1AA', streetAddress: '1 Test Street', extendedAddress: '', locality: 'London', county: 'London' };
const errorsOf = (people: string, codes: string[]) => {
  const result = schema.safeParse({ numberOfPeople: people, purchaseCode: codes.map((code) => ({ code })), appointmentAddress: address });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe("'Purchase Code'", () => {
  it('takes one code per person, all with a pharmacy prefix of one product', () => {
    expect(errorsOf('2', ['ANTAAAA', 'ANTBBBB'])).toEqual({});
    expect(errorsOf('2', ['ANTAAAA', ''])).toEqual({ 'purchaseCode.1.code': CODE_MSG.required });
    expect(errorsOf('1', ['XYZAAAA'])).toEqual({ 'purchaseCode.0.code': CODE_MSG.invalidPrefix });
    expect(errorsOf('2', ['ANTAAAA', 'ATEBBBB'])).toEqual({ 'purchaseCode.1.code': CODE_MSG.otherTestType });
    expect(errorsOf('2', ['ANTAAAA', 'ANTAAAA'])).toEqual({ 'purchaseCode.1.code': CODE_MSG.repeated });
  });

  it("refuses a code for a product the pharmacy does not offer, and people outside 1 to 4", () => {
    expect(errorsOf('1', ['PFFAAAA'])).toEqual({ 'purchaseCode.0.code': CODE_MSG.otherTestType });
    expect(errorsOf('5', ['ANTAAAA'])).toMatchObject({ numberOfPeople: BOOKING_MSG.maximumPeople });
  });

  it('lets the prefixes pick among the US products on the US form (?source={product}-us)', () => {
    const us = purchaseCodeSchema([product('us-antigen', 'DAY-2-US-ANT-001')], 'USD');
    const usErrors = (codes: string[]) => {
      const result = us.safeParse({ numberOfPeople: String(codes.length), purchaseCode: codes.map((code) => ({ code })), appointmentAddress: address });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    };
    expect(usErrors(['ANTAAAA', 'ANTBBBB'])).toEqual({});
    expect(usErrors(['ATEAAAA'])).toEqual({ 'purchaseCode.0.code': CODE_MSG.otherTestType });
    expect(usErrors(['PFFAAAA'])).toEqual({ 'purchaseCode.0.code': CODE_MSG.otherTestType });
    expect(errorsOf('1', ['ANTAAAA'])).toEqual({});
  });
});
