import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { BOOKING_WIZARD_MSG, CODE_CHECK_DEBOUNCE_MS, CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, codeCheckMessage, pharmacyCodeError, pharmacyCodeSku, repeatedCodes, type OrderCurrency } from '@vireo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { checkPurchaseCode } from '../api';
import { DEFAULT_CITY } from '../cities';
import { peopleField } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, FirstStep, FirstStepProps } from '../types';
import { AppointmentAddressFields, WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

/** The server's word on a code: its id when valid, and the message to show ('Valid purchase code', 'Your code is expired', 'Your code is invalid'). */
export interface CodeCheck {
  id: string | null;
  message: string;
}

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
      numberOfPeople: peopleField(),
      purchaseCode: z.array(z.object({ code: z.string() })),
      appointmentAddress: z.object({
        postalCode: filled(BOOKING_WIZARD_MSG.inputPostcode),
        streetAddress: filled(BOOKING_WIZARD_MSG.inputAddress),
        extendedAddress: z.string(),
        locality: filled(BOOKING_WIZARD_MSG.inputCity),
        county: filled(BOOKING_WIZARD_MSG.inputCounty),
      }),
    })
    .superRefine((values, ctx) => {
      const codes = Array.from({ length: values.numberOfPeople }, (_, index) => values.purchaseCode[index]?.code ?? '');
      const firstSku = pharmacyCodeSku(codes[0] ?? '', currency);
      codes.forEach((code, index) => {
        const path = ['purchaseCode', index, 'code'];
        const problem = pharmacyCodeError(code);
        if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
        else if (pharmacyCodeSku(code, currency) !== firstSku || !products.some((product) => product.sku === firstSku)) ctx.addIssue({ code: 'custom', path, message: CODE_MSG.otherTestType });
      });
      for (const index of repeatedCodes(codes)) ctx.addIssue({ code: 'custom', path: ['purchaseCode', index, 'code'], message: CODE_MSG.repeated });
    });
}

/** A code's fault the form finds itself (empty, a prefix the flow does not take), or null. */
export type LocalCodeError = (code: string) => string | null;

/** Checks `code` with the server 300 ms after the last keystroke (spec 2 §5), once `localError` finds no fault in it; null until then. */
function useCodeCheck(code: string, localError: LocalCodeError): CodeCheck | null {
  const [check, setCheck] = useState<{ code: string; result: CodeCheck } | null>(null);
  const faulty = localError(code) !== null;
  useEffect(() => {
    if (faulty) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkPurchaseCode(code, controller.signal).then(
        (info) => setCheck({ code, result: { id: info.uses > 0 ? info.id : null, message: codeCheckMessage(info) } }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 400) setCheck({ code, result: { id: null, message: codeCheckMessage(null) } });
        },
      );
    }, CODE_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [code, faulty]);
  return check && check.code === code ? check.result : null;
}

/** Person `index`'s code, upper-cased as typed, with the server's word on it below. */
export function CodeField({ form, index, onChecked, localError }: Pick<FirstStepProps, 'form'> & { index: number; onChecked: (index: number, check: CodeCheck | null) => void; localError: LocalCodeError }) {
  const { t, messageText } = useOrderBookingTexts();
  const code = useWatch({ control: form.control, name: `purchaseCode.${index}.code` }) ?? '';
  const check = useCodeCheck(code, localError);
  useEffect(() => onChecked(index, check), [index, check, onChecked]);
  // Next's message stands until the code is changed; then the server's check speaks.
  const { clearErrors } = form;
  useEffect(() => clearErrors(`purchaseCode.${index}.code`), [code, index, clearErrors]);
  return (
    <WizardText
      control={form.control}
      name={`purchaseCode.${index}.code`}
      label={t('purchaseCode.code', { person: index + 1 })}
      required
      autoComplete="off"
      toValue={(typed) => typed.toUpperCase()}
      color={check?.message === CODE_MSG.valid ? 'success' : 'primary'}
      helperText={check ? messageText(check.message) : ' '}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );
}

/** The people typed (1 to 4 shown), the server's checks of their codes, and Next's refusal of a code the server did not find valid. */
export function useCodeChecks(form: FirstStepProps['form']) {
  const typedPeople = useWatch({ control: form.control, name: 'numberOfPeople' });
  const people = Math.min(Math.max(Math.trunc(Number(typedPeople)) || 1, 1), 4);
  const [checks, setChecks] = useState<readonly (CodeCheck | null)[]>([]);
  const onChecked = useCallback((index: number, check: CodeCheck | null) => {
    setChecks((current) => {
      if (current[index] === check) return current;
      const next = [...current];
      next[index] = check;
      return next;
    });
  }, []);
  /** Marks each code the server answered other than 'Valid purchase code'; true when none. */
  const allValid = () => {
    let refused = false;
    for (let index = 0; index < people; index++) {
      const check = checks[index];
      if (!check || check.message === CODE_MSG.valid) continue;
      form.setError(`purchaseCode.${index}.code`, { message: check.message });
      refused = true;
    }
    return !refused;
  };
  return { people, onChecked, allValid };
}

function PurchaseCodeForm({ form, onNext, products, currency }: FirstStepProps & { products: readonly BookableProduct[]; currency: OrderCurrency }) {
  const { t } = useOrderBookingTexts();
  const { control } = form;
  const { people, onChecked, allValid } = useCodeChecks(form);
  const next = () => {
    const codes = form.getValues('purchaseCode');
    const sku = pharmacyCodeSku(codes[0]?.code ?? '', currency);
    const product = products.find((candidate) => candidate.sku === sku);
    if (product) form.setValue('product_id', product.id);
    // The Fit to Fly test preselects Westminster and its zone (spec 2 §4.2, spec 3 §9).
    if (sku === FIT_TO_FLY_ANTIGEN_SKU) form.setValue('city', DEFAULT_CITY);
    if (allValid()) onNext();
  };
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="numberOfPeople" label={t('selectTest.people')} type="number" required slotProps={{ htmlInput: { min: 1, max: 4, step: 1 } }} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        {Array.from({ length: people }, (_, index) => (
          <Grid key={index} size={{ xs: 12, sm: 6 }}>
            <CodeField form={form} index={index} onChecked={onChecked} localError={pharmacyCodeError} />
          </Grid>
        ))}
      </Grid>
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
