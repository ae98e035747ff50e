import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ETHNICITIES, SEXES } from '@vireo/contracts';
import { useMemo, type ClipboardEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { dialCodes } from '../dialCodes';
import { needsVaccine } from '../rules';
import { VACCINE_DOSES, VACCINE_TYPES } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, OrderBookingValues } from '../types';
import { WizardRadios, WizardSelect, WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

const noPaste = (event: ClipboardEvent) => event.preventDefault();

/**
 * 'Passenger Details', one person at a time (spec 2 §4.2, §5): the title names the person; the
 * passport number and its confirmation cannot be pasted into; vaccine fields for additional_info products.
 */
export function PassengerDetailsStep({
  form,
  product,
  people,
  onNext,
  onBack,
}: {
  form: UseFormReturn<OrderBookingValues>;
  product: BookableProduct | undefined;
  people: number;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t, dateLocale } = useOrderBookingTexts();
  const { control } = form;
  const index = useWatch({ control, name: 'passengerIndex' });
  const vaccinated = useWatch({ control, name: `passengers.${index}.vaccineStatus` });
  const vaccineType = useWatch({ control, name: `passengers.${index}.vaccineType` });
  const codes = useMemo(() => dialCodes(dateLocale).map((code) => ({ value: code.country, label: code.label })), [dateLocale]);
  const p = `passengers.${index}` as const;
  return (
    <Stack spacing={3} key={index}>
      <Typography component="h2" variant="h6">
        {t('passenger.title', { number: index + 1, count: people })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name={`${p}.firstName`} label={t('passenger.firstName')} required autoComplete="given-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name={`${p}.lastName`} label={t('passenger.lastName')} required autoComplete="family-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name={`${p}.email`} label={t('passenger.email')} type="email" required autoComplete="email" slotProps={{ htmlInput: { maxLength: 254 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name={`${p}.dateOfBirth`} label={t('passenger.dateOfBirth')} type="date" required helperText={t('passenger.dateOfBirthWarning')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '1921-01-01' } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardSelect control={control} name={`${p}.countryCode`} label={t('passenger.countryCode')} required options={codes} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name={`${p}.phone`} label={t('passenger.phone')} type="tel" required autoComplete="tel-national" slotProps={{ htmlInput: { maxLength: 20 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardSelect control={control} name={`${p}.ethnicity`} label={t('passenger.ethnicity')} required options={ETHNICITIES.map((value) => ({ value, label: value }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardRadios control={control} name={`${p}.sex`} label={t('passenger.sex')} options={SEXES.map((value) => ({ value, label: t(`passenger.sexes.${value}`) }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText
            control={control}
            name={`${p}.passportNumber`}
            label={t('passenger.passportNumber')}
            required
            onPaste={noPaste}
            onDrop={noPaste as never}
            slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText
            control={control}
            name={`${p}.passportNumberConfirmation`}
            label={t('passenger.passportConfirmation')}
            required
            onPaste={noPaste}
            onDrop={noPaste as never}
            slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
          />
        </Grid>
      </Grid>
      {product && needsVaccine(product) && (
        <Stack spacing={2}>
          <WizardRadios
            control={control}
            name={`${p}.vaccineStatus`}
            label={t('passenger.vaccineStatus')}
            options={[
              { value: 'yes', label: t('passenger.yes') },
              { value: 'no', label: t('passenger.no') },
            ]}
          />
          {vaccinated === 'yes' && (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <WizardSelect control={control} name={`${p}.vaccineType`} label={t('passenger.vaccineType')} required options={VACCINE_TYPES.map((value) => ({ value, label: value }))} />
              </Grid>
              {vaccineType === 'Other' && (
                <Grid size={{ xs: 12, sm: 6 }}>
                  <WizardText control={control} name={`${p}.vaccineTypeName`} label={t('passenger.vaccineTypeName')} required slotProps={{ htmlInput: { maxLength: 60 } }} />
                </Grid>
              )}
              <Grid size={{ xs: 12, sm: 6 }}>
                <WizardSelect control={control} name={`${p}.vaccineNumber`} label={t('passenger.vaccineNumber')} required options={VACCINE_DOSES.map((value) => ({ value, label: t(`passenger.doses.${value}`) }))} />
              </Grid>
            </Grid>
          )}
        </Stack>
      )}
      <StepActions onBack={onBack}>
        <NextButton onClick={onNext} />
      </StepActions>
    </Stack>
  );
}
