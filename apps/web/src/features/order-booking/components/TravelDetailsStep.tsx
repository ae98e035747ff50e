import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TRANSPORT_TYPES } from '@vireo/contracts';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { CITIES } from '../cities';
import { bookingGuidance } from '@vireo/contracts';
import { arrivesInGb } from '../rules';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, OrderBookingValues } from '../types';
import { WizardRadios, WizardSelect, WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

/** 'Travel Details' (spec 2 §3, §5): transport, number, departure city, times, transit; the UK landing for after_flight products. */
export function TravelDetailsStep({ form, product, onNext, onBack }: { form: UseFormReturn<OrderBookingValues>; product: BookableProduct | undefined; onNext: () => void; onBack?: (() => void) | undefined }) {
  const { t } = useOrderBookingTexts();
  const { control } = form;
  const transportType = useWatch({ control, name: 'transportType' });
  // The number's message names the transport type ('Input Train number'): a shown one follows the type.
  useEffect(() => {
    if (form.getFieldState('transportNumber').error) void form.trigger('transportNumber');
  }, [transportType, form]);
  const guidance = product ? bookingGuidance(product.sku) : null;
  const landing = product !== undefined && arrivesInGb(product);
  const numberLabel = TRANSPORT_TYPES.includes(transportType as (typeof TRANSPORT_TYPES)[number]) ? t(`travel.numbers.${transportType as (typeof TRANSPORT_TYPES)[number]}`) : t('travel.numbers.Other');
  return (
    <Stack spacing={3}>
      {guidance && <Alert severity="info">{t(`guidance.${guidance}` as 'guidance.within 24 hours of travel', { defaultValue: guidance })}</Alert>}
      <WizardRadios control={control} name="transportType" label={t('travel.transportType')} options={TRANSPORT_TYPES.map((type) => ({ value: type, label: t(`travel.transportTypes.${type}`) }))} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="transportNumber" label={numberLabel} required slotProps={{ htmlInput: { maxLength: 20 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardSelect control={control} name="city" label={t('travel.city')} required options={CITIES.map((city) => ({ value: city.name, label: city.name }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="travelDate" label={t('travel.travelDate')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="travelTime" label={t('travel.travelTime')} type="time" required slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        {landing && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <WizardText control={control} name="landingDate" label={t('travel.landingDate')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <WizardText control={control} name="landingTime" label={t('travel.landingTime')} type="time" required slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
          </>
        )}
      </Grid>
      <Typography variant="body2">{t('travel.timesIn')}</Typography>
      <Controller
        control={control}
        name="transit"
        render={({ field }) => (
          <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />} label={t('travel.transit')} />
        )}
      />
      <StepActions onBack={onBack}>
        <NextButton onClick={onNext} />
      </StepActions>
    </Stack>
  );
}
