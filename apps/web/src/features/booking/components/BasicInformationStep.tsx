import { zodResolver } from '../../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { BOOKING_MSG, BasicInformationForm, MIN_BOOKING_DATE_OF_BIRTH_EPOCH, londonCalendarDate, type BookingPrice } from '@vireo/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import { ApiError } from '../../../lib/apiError';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { useBookingTexts } from '../texts';
import { FormText } from './FormText';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: { year: number; month: number; day: number }) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
const EARLIEST_BIRTH = new Date(MIN_BOOKING_DATE_OF_BIRTH_EPOCH * 1000).toISOString().slice(0, 10);

/** Spec 2 §5 for the public wizard: the contracts' rules, plus a date of birth not in the future (London's today). */
export const BasicInformationSchema = BasicInformationForm.superRefine((values, issues) => {
  const today = isoDate(londonCalendarDate(new Date()));
  // yyyy-MM-dd strings compare in date order.
  if (values.dateOfBirth > today) issues.addIssue({ code: 'custom', path: ['dateOfBirth'], message: BOOKING_MSG.dateOfBirthFuture });
  else if (values.dateOfBirth < EARLIEST_BIRTH) issues.addIssue({ code: 'custom', path: ['dateOfBirth'], message: BOOKING_MSG.dateOfBirthTooEarly });
});
export type BasicInformation = z.infer<typeof BasicInformationSchema>;

const REQUIRED = ['first_name', 'last_name', 'dateOfBirth', 'telephone', 'email'] as const;

/**
 * 'Basic information': Next is enabled only when every required field has a value (discount_code is
 * optional). A discount code is priced by the server before the step is left (`priceCode`): a code
 * that cannot be used stays on the step with the server's words beside it.
 */
export function BasicInformationStep({
  initial,
  onBack,
  onNext,
  priceCode,
}: {
  initial: BasicInformation | null;
  onBack: () => void;
  onNext: (values: BasicInformation, price: BookingPrice | null) => void;
  priceCode: (code: string) => Promise<BookingPrice>;
}) {
  const { t, messageText } = useBookingTexts();
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<BasicInformation>({
    resolver: zodResolver(BasicInformationSchema),
    mode: 'onTouched',
    defaultValues: initial ?? { first_name: '', last_name: '', dateOfBirth: '', telephone: '', email: '', discount_code: '' },
  });
  const values = useWatch({ control });
  const filled = REQUIRED.every((name) => (values[name] ?? '').trim() !== '');
  const today = isoDate(londonCalendarDate(new Date()));

  const next = async (values: BasicInformation) => {
    const code = values.discount_code?.trim();
    if (!code) return onNext(values, null);
    setChecking(true);
    setFailure(null);
    try {
      onNext(values, await priceCode(code));
    } catch (error) {
      if (!setServerFieldErrors(error, setError, ['discount_code'])) setFailure(error instanceof ApiError ? error.message : BOOKING_MSG.paymentFailed);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void handleSubmit(next)(event)}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="first_name" label={t('basic.firstName')} required autoComplete="given-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="last_name" label={t('basic.lastName')} required autoComplete="family-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText
            control={control}
            name="dateOfBirth"
            label={t('basic.dateOfBirth')}
            type="date"
            required
            autoComplete="bday"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_BIRTH, max: today } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="telephone" label={t('basic.telephone')} type="tel" required autoComplete="tel" slotProps={{ htmlInput: { maxLength: 30 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="email" label={t('basic.email')} type="email" required autoComplete="email" slotProps={{ htmlInput: { maxLength: 254 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="discount_code" label={t('basic.discountCode')} slotProps={{ htmlInput: { maxLength: 40 } }} />
        </Grid>
      </Grid>
      {failure && <Alert severity="error">{messageText(failure)}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button onClick={onBack}>{t('actions.back')}</Button>
        <Button type="submit" variant="contained" disabled={!filled} loading={checking}>
          {t('actions.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
