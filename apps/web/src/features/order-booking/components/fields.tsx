import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../../../components/TextInput';
import { useOrderBookingTexts } from '../texts';
import type { OrderBookingValues } from '../types';

type Name = FieldPath<OrderBookingValues>;

/** A text field of the wizard, its error in the booking's language. */
export function WizardText(props: Omit<TextInputProps<OrderBookingValues>, 'formatError'>) {
  const { messageText } = useOrderBookingTexts();
  return <TextInput {...props} formatError={messageText} />;
}

/** A select of the wizard: options as value and label. */
export function WizardSelect({ control, name, label, options, required = false }: { control: Control<OrderBookingValues>; name: Name; label: string; options: readonly { value: string; label: string }[]; required?: boolean }) {
  const { messageText } = useOrderBookingTexts();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required={required}
          label={label}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? messageText(fieldState.error.message) : ' '}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Radio buttons in a labelled group. */
export function WizardRadios({ control, name, label, options }: { control: Control<OrderBookingValues>; name: Name; label: string; options: readonly { value: string; label: string }[] }) {
  const { messageText } = useOrderBookingTexts();
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup row aria-labelledby={labelId} name={field.name} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} onBlur={field.onBlur}>
            {options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          <FormHelperText>{fieldState.error?.message ? messageText(fieldState.error.message) : ' '}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

/** The appointment's address (spec 2 §5: 'Input postcode', 'Input address', 'Input city', 'Input county'; line 2 optional), under its legend. */
export function AppointmentAddressFields({ control, legend }: { control: Control<OrderBookingValues>; legend: string }) {
  const { t } = useOrderBookingTexts();
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="appointmentAddress.postalCode" label={t('selectTest.postcode')} required autoComplete="postal-code" slotProps={{ htmlInput: { maxLength: 10 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="appointmentAddress.streetAddress" label={t('selectTest.address')} required autoComplete="address-line1" slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="appointmentAddress.extendedAddress" label={t('selectTest.extendedAddress')} autoComplete="address-line2" slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="appointmentAddress.locality" label={t('selectTest.city')} required autoComplete="address-level2" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={control} name="appointmentAddress.county" label={t('selectTest.county')} required autoComplete="address-level1" slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Grid>
      </Grid>
    </Stack>
  );
}
