import Stack from '@mui/material/Stack';
import { BOOKING_WIZARD_MSG, CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, partnerCodeError } from '@vireo/contracts';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_CITY } from '../cities';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, FirstStep, FirstStepProps } from '../types';
import { WizardRadios } from './fields';
import { addCodeIssues, codesOf, PeopleCodeFields, peopleCodeShape, useCodeChecks } from './PeopleCodeFields';
import { NextButton, StepActions } from './StepActions';

/** What the step needs of a partner: its kind and its code rules per product. */
type PartnerRules = Parameters<typeof partnerCodeError>[0];

/**
 * 'Number of travellers' (spec 2 §2.10, spec 3 §5): a test of the partner's, people (1 to 4), and a
 * code per person, upper-cased, fitting the partner's prefix rule for that test (contracts'
 * `partnerCodeError`: 'Invalid code. This code is not a Fit to Fly code. …', an airline's 'You have
 * chosen another test type'), never one code for two people.
 */
export function travellersSchema(partner: PartnerRules, products: readonly BookableProduct[]) {
  return z
    .object({
      product_id: z
        .string({ error: BOOKING_WIZARD_MSG.selectTestKit })
        .min(1, BOOKING_WIZARD_MSG.selectTestKit)
        .refine((id) => products.some((product) => product.id === id), BOOKING_WIZARD_MSG.selectTestKit),
      ...peopleCodeShape(),
    })
    .superRefine((values, ctx) => {
      const sku = products.find((product) => product.id === values.product_id)?.sku;
      if (!sku) return;
      addCodeIssues(ctx, codesOf(values), (code) => partnerCodeError(partner, sku, code));
    });
}

function TravellersForm({ form, onNext, onBack, partner, products }: FirstStepProps & { partner: PartnerRules; products: readonly BookableProduct[] }) {
  const { t } = useOrderBookingTexts();
  const { control } = form;
  const chosen = useWatch({ control, name: 'product_id' });
  const sku = products.find((product) => product.id === chosen)?.sku;
  const checks = useCodeChecks(form);
  // The server is asked only about a code that fits the chosen test's prefixes.
  const localError = (code: string) => (sku ? partnerCodeError(partner, sku, code) : CODE_MSG.required);
  const next = () => {
    // The Fit to Fly test preselects Westminster and its zone (spec 2 §4.2, spec 3 §9).
    if (sku === FIT_TO_FLY_ANTIGEN_SKU && !form.getValues('city')) form.setValue('city', DEFAULT_CITY);
    if (checks.allValid()) onNext();
  };
  return (
    <Stack spacing={3}>
      <WizardRadios control={control} name="product_id" label={t('selectTest.product')} options={products.map((product) => ({ value: product.id, label: product.title }))} />
      <PeopleCodeFields form={form} checks={checks} localError={localError} flow="partner" />
      <StepActions onBack={onBack}>
        <NextButton onClick={next} />
      </StepActions>
    </Stack>
  );
}

/** A partner page's first step ('Number of travellers'); an airline's comes after 'Travel Details'. */
export function travellersStep(label: string, partner: PartnerRules, products: readonly BookableProduct[]): FirstStep {
  return {
    key: 'travellers',
    label,
    schema: travellersSchema(partner, products),
    Component: (props: FirstStepProps) => <TravellersForm {...props} partner={partner} products={products} />,
    position: partner.kind === 'airline' ? 'afterTravel' : 'first',
  };
}
