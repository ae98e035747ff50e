import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING_WIZARD_MSG, FIT_TO_FLY_ANTIGEN_SKU, ORDER_BOOKING_MSG } from '@vireo/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_CITY } from '../cities';
import { peopleField } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, FirstStep, FirstStepProps } from '../types';
import { AppointmentAddressFields, WizardRadios, WizardSelect, WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * 'Select Test' (spec 2 §2.7, §2.10 step 0; spec 3 §5): a product of the order with units left, people (1
 * to 4, not more than the units left unless the product is exempt), and the
 * appointment address unless it is the shipping address.
 */
export function selectTestSchema(products: readonly BookableProduct[]) {
  return z
    .object({
      product_id: required(BOOKING_WIZARD_MSG.selectTestKit).refine((id) => products.some((product) => product.id === id), BOOKING_WIZARD_MSG.selectTestKit),
      numberOfPeople: peopleField(),
      selectedKit: z.string(),
      isAppointmentAddressSame: z.boolean(),
      appointmentAddress: z.object({ postalCode: z.string(), streetAddress: z.string(), extendedAddress: z.string(), locality: z.string(), county: z.string() }),
    })
    .superRefine((values, ctx) => {
      const left = products.find((product) => product.id === values.product_id)?.unitsLeft;
      if (left !== undefined && left !== null && values.numberOfPeople > left) ctx.addIssue({ code: 'custom', path: ['numberOfPeople'], message: ORDER_BOOKING_MSG.tooManyPeople });
      if (values.isAppointmentAddressSame) return;
      const address = values.appointmentAddress;
      const fields = [
        ['postalCode', BOOKING_WIZARD_MSG.inputPostcode],
        ['streetAddress', BOOKING_WIZARD_MSG.inputAddress],
        ['locality', BOOKING_WIZARD_MSG.inputCity],
        ['county', BOOKING_WIZARD_MSG.inputCounty],
      ] as const;
      for (const [field, message] of fields) if (address[field].trim() === '') ctx.addIssue({ code: 'custom', path: ['appointmentAddress', field], message });
    });
}

function SelectTestForm({ form, onNext, products, kits, shippingAddress }: FirstStepProps & { products: readonly BookableProduct[]; kits: readonly string[]; shippingAddress: string }) {
  const { t } = useOrderBookingTexts();
  const { control } = form;
  const same = useWatch({ control, name: 'isAppointmentAddressSame' });
  const chosen = useWatch({ control, name: 'product_id' });
  const product = products.find((candidate) => candidate.id === chosen);
  return (
    <Stack spacing={3}>
      <WizardRadios
        control={control}
        name="product_id"
        label={t('selectTest.product')}
        options={products.map((candidate) => ({
          value: candidate.id,
          label: candidate.unitsLeft === null ? candidate.title : `${candidate.title} (${t('selectTest.unitsLeft', { count: candidate.unitsLeft })})`,
        }))}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardSelect control={control} name="selectedKit" label={t('selectTest.kit')} options={[{ value: '', label: t('selectTest.kitNone') }, ...kits.map((kit) => ({ value: kit, label: kit }))]} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="numberOfPeople" label={t('selectTest.people')} type="number" required slotProps={{ htmlInput: { min: 1, max: 4, step: 1 } }} />
        </Grid>
      </Grid>
      <Controller
        control={control}
        name="isAppointmentAddressSame"
        render={({ field }) => (
          <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />} label={t('selectTest.sameAddress')} />
        )}
      />
      {same ? (
        shippingAddress && <Typography>{shippingAddress}</Typography>
      ) : (
        <AppointmentAddressFields control={control} legend={t('selectTest.addressLegend')} />
      )}
      <StepActions>
        <NextButton
          onClick={() => {
            // The Fit to Fly test preselects Westminster and its zone (spec 2 §4.2, spec 3 §9).
            if (product?.sku === FIT_TO_FLY_ANTIGEN_SKU) form.setValue('city', DEFAULT_CITY);
            onNext();
          }}
        />
      </StepActions>
    </Stack>
  );
}

/** The short-token wizard's first step over the order's products with units left. */
export function selectTestStep(label: string, products: readonly BookableProduct[], kits: readonly string[], shippingAddress: string): FirstStep {
  return {
    key: 'test',
    label,
    schema: selectTestSchema(products),
    Component: (props: FirstStepProps) => <SelectTestForm {...props} products={products} kits={kits} shippingAddress={shippingAddress} />,
  };
}
