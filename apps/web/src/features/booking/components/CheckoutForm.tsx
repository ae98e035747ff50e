import { zodResolver } from '../../../lib/formResolver';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING_MSG, BillingDetails, CardInput, cardExpired, type PaymentRequest } from '@vireo/contracts';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { z } from 'zod';
import { useBookingTexts } from '../texts';
import { formatPrice } from '../time';
import { FormText } from './FormText';

const CardCheckoutSchema = CardInput.extend(
  BillingDetails.pick({ company: true, street_address: true, extended_address: true, locality: true, region: true, postal_code: true }).shape,
).extend({
  /** The gateway refuses a card past its month; the expiry field says so itself, by this device's clock. */
  expiration_date: CardInput.shape.expiration_date.refine((expiry) => !cardExpired(expiry, new Date()), BOOKING_MSG.cardExpired),
  toc_accept: z.boolean().refine((accepted) => accepted, BOOKING_MSG.acceptTerms),
  marketing_accept: z.boolean(),
});
/** Nothing to pay (covered, or a rebook): only the terms. */
const TermsOnlySchema = CardCheckoutSchema.partial({ number: true, expiration_date: true, cvv: true });
type CheckoutInput = z.input<typeof TermsOnlySchema>;
type CheckoutOutput = z.output<typeof TermsOnlySchema>;

export interface Checkout {
  card?: PaymentRequest['card'];
  billingAddress: Pick<PaymentRequest['billing_details'], 'company' | 'street_address' | 'extended_address' | 'locality' | 'region' | 'postal_code'>;
  marketingAccept: boolean;
}

/** Where the server's field errors of a payment belong on this form. */
const CHECKOUT_FIELDS: FieldPath<CheckoutInput>[] = ['toc_accept', 'marketing_accept'];
const SERVER_FIELDS: Record<string, FieldPath<CheckoutInput>> = {
  'card.number': 'number',
  'card.expiration_date': 'expiration_date',
  'card.cvv': 'cvv',
  ...Object.fromEntries((['company', 'street_address', 'extended_address', 'locality', 'region', 'postal_code'] as const).map((name) => [`billing_details.${name}`, name])),
};

const blank = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

/**
 * The last step's form: the card and billing address when there is something to pay (checked
 * here with the rules the test gateway applies), and the terms, which must be accepted.
 */
export function CheckoutForm({
  amountPence,
  submitting,
  serverError,
  onBack,
  onSubmit,
}: {
  amountPence: number;
  submitting: boolean;
  /** The last payment's failure: its field errors show on their fields. */
  serverError?: unknown;
  onBack: () => void;
  onSubmit: (checkout: Checkout) => void;
}) {
  const { t, messageText, dateLocale } = useBookingTexts();
  const submitLabel = amountPence > 0 ? t('actions.pay', { amount: formatPrice(amountPence, dateLocale) }) : t('actions.confirm');
  const withCard = amountPence > 0;
  const schema: z.ZodType<CheckoutOutput, CheckoutInput> = withCard ? CardCheckoutSchema : TermsOnlySchema;
  const { control, handleSubmit, setError } = useForm<CheckoutInput, unknown, CheckoutOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: withCard
      ? { number: '', expiration_date: '', cvv: '', company: '', street_address: '', extended_address: '', locality: '', region: '', postal_code: '', toc_accept: false, marketing_accept: false }
      : { toc_accept: false, marketing_accept: false },
  });

  useEffect(() => {
    setServerFieldErrors(serverError, setError, CHECKOUT_FIELDS, SERVER_FIELDS);
  }, [serverError, setError]);

  const submit = (values: CheckoutOutput) => {
    const card = values.number && values.expiration_date && values.cvv ? { number: values.number, expiration_date: values.expiration_date, cvv: values.cvv } : undefined;
    onSubmit({
      card,
      billingAddress: {
        company: blank(values.company),
        street_address: blank(values.street_address),
        extended_address: blank(values.extended_address),
        locality: blank(values.locality),
        region: blank(values.region),
        postal_code: blank(values.postal_code),
      },
      marketingAccept: values.marketing_accept,
    });
  };

  const fieldset = (legend: string, children: ReactNode) => (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {children}
    </Stack>
  );

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void handleSubmit(submit)(event)}>
      {withCard &&
        fieldset(
          t('card.legend'),
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="number" label={t('card.number')} required autoComplete="cc-number" inputMode="numeric" slotProps={{ htmlInput: { maxLength: 23 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <FormText control={control} name="expiration_date" label={t('card.expiry')} required autoComplete="cc-exp" placeholder="MM/YY" slotProps={{ htmlInput: { maxLength: 5 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <FormText control={control} name="cvv" label={t('card.cvv')} required autoComplete="cc-csc" inputMode="numeric" slotProps={{ htmlInput: { maxLength: 4 } }} />
            </Grid>
            <Grid size={12}>
              <Typography variant="body2">{t('card.secureNote')}</Typography>
            </Grid>
          </Grid>,
        )}
      {withCard &&
        fieldset(
          t('card.billingLegend'),
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="street_address" label={t('card.street')} autoComplete="address-line1" slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="extended_address" label={t('card.extended')} autoComplete="address-line2" slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormText control={control} name="locality" label={t('card.locality')} autoComplete="address-level2" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormText control={control} name="region" label={t('card.region')} autoComplete="address-level1" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormText control={control} name="postal_code" label={t('card.postcode')} autoComplete="postal-code" slotProps={{ htmlInput: { maxLength: 10 } }} />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="company" label={t('card.company')} autoComplete="organization" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
          </Grid>,
        )}
      <Controller
        control={control}
        name="toc_accept"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
              label={t('terms')}
            />
            {fieldState.error?.message && <FormHelperText>{messageText(fieldState.error.message)}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="marketing_accept"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
            label={t('marketing')}
          />
        )}
      />
      <Stack direction="row" spacing={2}>
        <Button onClick={onBack} disabled={submitting}>
          {t('actions.back')}
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
