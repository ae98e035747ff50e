import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Slot } from '@vireo/contracts';
import { UK_TIME_ZONE } from '@vireo/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formatDate, formatTime, HoldCountdown } from '../../booking';
import { peopleOf } from '../rules';
import { useOrderBookingTexts } from '../texts';
import type { BookableProduct, OrderBookingValues } from '../types';
import { NextButton, StepActions } from './StepActions';

export interface SummaryFailure {
  message: string;
  /** The slot is gone: offer going back to 'Booking Appointment'. */
  slotLost: boolean;
}

/** 'Summary' (spec 2 §2.7): what will be booked, the acknowledgement with the terms in the booking's language, and Book. */
export function SummaryStep({
  form,
  product,
  slot,
  secondsLeft,
  failure,
  submitting,
  submitLabel,
  onSubmit,
  onBack,
  onChooseAnother,
}: {
  form: UseFormReturn<OrderBookingValues>;
  product: BookableProduct;
  slot: Slot | null;
  secondsLeft: number | null;
  failure: SummaryFailure | null;
  submitting: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  onBack: () => void;
  onChooseAnother: () => void;
}) {
  const { t, dateLocale, messageText, language } = useOrderBookingTexts();
  const values = form.getValues();
  const rows: [string, string][] = [
    [t('summary.test'), product.title],
    [t('summary.people'), String(peopleOf(values))],
    [t('summary.time'), slot ? `${formatDate(slot.start_time, UK_TIME_ZONE, dateLocale)}, ${formatTime(slot.start_time, UK_TIME_ZONE, dateLocale)}` : t('summary.noTime')],
    [t('summary.travel'), [values.transportNumber, values.city, values.travelDate, values.travelTime].filter(Boolean).join(' · ')],
    [
      t('summary.passengers'),
      values.passengers
        .slice(0, peopleOf(values))
        .map((person) => `${person.firstName} ${person.lastName}`)
        .join(', '),
    ],
  ];
  const termsHref = language === 'DE' ? '/de/consultation/terms' : '/en/consultation/terms';
  return (
    <Stack spacing={3}>
      {slot && secondsLeft !== null && <HoldCountdown secondsLeft={secondsLeft} />}
      <Table size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Controller
        control={form.control}
        name="tocAccept"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
              label={
                <>
                  {t('summary.acknowledge')}{' '}
                  <Link href={termsHref} target="_blank" rel="noopener">
                    {t('summary.terms')}
                  </Link>
                </>
              }
            />
            <FormHelperText>{fieldState.error?.message ? messageText(fieldState.error.message) : ' '}</FormHelperText>
          </FormControl>
        )}
      />
      {failure && (
        <Alert
          severity="error"
          role="alert"
          action={
            failure.slotLost ? (
              <Button color="inherit" size="small" onClick={onChooseAnother}>
                {t('steps.appointment')}
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      )}
      <StepActions onBack={onBack}>
        <NextButton onClick={onSubmit} loading={submitting} label={submitLabel ?? t('actions.book')} />
      </StepActions>
    </Stack>
  );
}
