import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BookingUser } from '@vireo/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { StatusLabel } from '../../appointments';
import { formatDayTime } from '../../practitioner';
import { useUpdateBookingUser } from '../api';
import type { StepProps } from '../AppointmentPanel';

const ADDRESS_FIELDS = ['street_address', 'extended_address', 'locality', 'region', 'postal_code'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
type Address = Record<AddressField, string>;

const LABELS = { street_address: 'details.line1', extended_address: 'details.line2', locality: 'details.town', region: 'details.county', postal_code: 'details.postCode' } as const;
const REQUIRED = { street_address: 'details.inputAddress', locality: 'details.inputCity', region: 'details.inputCounty', postal_code: 'details.inputPostcode' } as const;
const MAX_LENGTH: Record<AddressField, number> = { street_address: 200, extended_address: 200, locality: 100, region: 100, postal_code: 10 };

const addressText = (p: BookingUser) => [p.street_address, p.extended_address, p.locality, p.region, p.postal_code].filter(Boolean).join(', ');

/** Spec 2 §5: a new address needs line 1, town, county and post code; line 2 is optional. */
export function addressErrors(address: Address): Partial<Record<AddressField, (typeof REQUIRED)[keyof typeof REQUIRED]>> {
  const errors: Partial<Record<AddressField, (typeof REQUIRED)[keyof typeof REQUIRED]>> = {};
  for (const field of Object.keys(REQUIRED) as (keyof typeof REQUIRED)[]) if (!address[field].trim()) errors[field] = REQUIRED[field];
  return errors;
}

function NewAddress({ appointmentId, person, onSaved }: { appointmentId: string; person: BookingUser; onSaved(): void }) {
  const { t } = useTranslation('call-panel');
  const { showToast } = useToast();
  const update = useUpdateBookingUser(appointmentId);
  const [address, setAddress] = useState<Address>({ street_address: '', extended_address: '', locality: '', region: '', postal_code: '' });
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? addressErrors(address) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(addressErrors(address)).length > 0) return;
    const change = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field].trim()]));
    update.mutate(
      { userId: person.id, change },
      {
        onSuccess: () => {
          showToast(t('details.saved'), 'success');
          onSaved();
        },
        onError: () => showToast(t('failed'), 'error'),
      },
    );
  };
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      {ADDRESS_FIELDS.map((field) => {
        const error = errors[field as keyof typeof errors];
        return (
          <TextField
            key={field}
            size="small"
            label={t(LABELS[field])}
            required={field !== 'extended_address'}
            value={address[field]}
            onChange={(event) => setAddress((was) => ({ ...was, [field]: event.target.value }))}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH[field] } }}
          />
        );
      })}
      <Button type="submit" variant="outlined" disabled={update.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('details.save')}
      </Button>
    </Stack>
  );
}

/** The first step: the appointment's details and the address check (a new address saved through PUT booking-users). */
export function DetailsStep({ appointment, person, next }: StepProps) {
  const { t } = useTranslation('call-panel');
  const [choice, setChoice] = useState<'confirmed' | 'new' | ''>('');
  const questionId = useId();
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('details.reference')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {appointment.provider_booking_reference ?? t('none')}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('details.start')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {formatDayTime(appointment.start_time)}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('details.status')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          <StatusLabel status={appointment.status} />
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('details.currentAddress')}
        </Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {addressText(person) || t('none')}
        </Box>
      </Box>
      <FormControl>
        <FormLabel id={questionId}>{t('details.addressQuestion')}</FormLabel>
        <RadioGroup aria-labelledby={questionId} value={choice} onChange={(event) => setChoice(event.target.value as 'confirmed' | 'new')}>
          <FormControlLabel value="confirmed" control={<Radio />} label={t('details.addressConfirmed')} />
          <FormControlLabel value="new" control={<Radio />} label={t('details.newAddress')} />
        </RadioGroup>
      </FormControl>
      {choice === 'new' && <NewAddress appointmentId={appointment.id} person={person} onSaved={() => setChoice('confirmed')} />}
      <Button variant="contained" onClick={next} disabled={choice !== 'confirmed'} sx={{ alignSelf: 'flex-start' }}>
        {t('steps.next')}
      </Button>
    </>
  );
}
