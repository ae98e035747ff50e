import Stack from '@mui/material/Stack';
import { BOOKING_WIZARD_MSG, CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, pharmacyCodeError, pharmacyCodeSku, type OrderCurrency } from '@vireo/contracts';
import { z } from 'zod';
import { DEFAULT_CITY } from '../cities';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, FirstStep, FirstStepProps } from '../types';
import { AppointmentAddressFields } from './fields';
import { addCodeIssues, codesOf, PeopleCodeFields, peopleCodeShape, useCodeChecks } from './PeopleCodeFields';
import { NextButton, StepActions } from './StepActions';

const filled = (message: string) => z.string().trim().min(1, message);

/**
 * 'Purchase Code' (spec 2 §2.8, §5): people (1 to 4), a code per person (ANT, PFF or ATE first,
 * 'Invalid code'; never one code for two people), all for the same product, which the prefix picks
 * among `products` (the US ones when the form's `currency` is USD); the walk-in customer's address
 * (the order's billing and shipping address).
 */
export function purchaseCodeSchema(products: readonly BookableProduct[], currency: OrderCurrency = 'GBP') {
  return z
    .object({
      ...peopleCodeShape(),
      appointmentAddress: z.object({
        postalCode: filled(BOOKING_WIZARD_MSG.inputPostcode),
        streetAddress: filled(BOOKING_WIZARD_MSG.inputAddress),
        extendedAddress: z.string(),
        locality: filled(BOOKING_WIZARD_MSG.inputCity),
        county: filled(BOOKING_WIZARD_MSG.inputCounty),
      }),
    })
    .superRefine((values, ctx) => {
      const codes = codesOf(values);
      const firstSku = pharmacyCodeSku(codes[0] ?? '', currency);
      addCodeIssues(ctx, codes, (code) => {
        const problem = pharmacyCodeError(code);
        if (problem) return problem;
        return pharmacyCodeSku(code, currency) !== firstSku || !products.some((product) => product.sku === firstSku) ? CODE_MSG.otherTestType : null;
      });
    });
}

function PurchaseCodeForm({ form, onNext, products, currency }: FirstStepProps & { products: readonly BookableProduct[]; currency: OrderCurrency }) {
  const { t } = useOrderBookingTexts();
  const { control } = form;
  const checks = useCodeChecks(form);
  const next = () => {
    const codes = form.getValues('purchaseCode');
    const sku = pharmacyCodeSku(codes[0]?.code ?? '', currency);
    const product = products.find((candidate) => candidate.sku === sku);
    if (product) form.setValue('product_id', product.id);
    // The Fit to Fly test preselects Westminster and its zone (spec 2 §4.2, spec 3 §9).
    if (sku === FIT_TO_FLY_ANTIGEN_SKU) form.setValue('city', DEFAULT_CITY);
    if (checks.allValid()) onNext();
  };
  return (
    <Stack spacing={3}>
      <PeopleCodeFields form={form} checks={checks} localError={pharmacyCodeError} flow="pharmacy" />
      <AppointmentAddressFields control={control} legend={t('purchaseCode.addressLegend')} />
      <StepActions>
        <NextButton onClick={next} />
      </StepActions>
    </Stack>
  );
}

/** The pharmacy wizard's first step: the products its codes may pick (ANT, PFF, ATE), in the form's currency. */
export function purchaseCodeStep(label: string, products: readonly BookableProduct[], currency: OrderCurrency): FirstStep {
  return {
    key: 'codes',
    label,
    schema: purchaseCodeSchema(products, currency),
    Component: (props: FirstStepProps) => <PurchaseCodeForm {...props} products={products} currency={currency} />,
  };
}
