import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BookingConfirmation } from '@vireo/contracts';
import type { z } from 'zod';
import { fill, useBookingTexts } from '../texts';
import { BookingSummary, type SummaryRow } from './BookingSummary';

/** 'Your Appointment Has Been Booked' with the reference, the time in its zone, and where the confirmation went. */
export function ConfirmationView({ confirmation, serviceLabel, email, priceText }: { confirmation: z.infer<typeof BookingConfirmation>; serviceLabel: string; email: string; priceText: string }) {
  const texts = useBookingTexts();
  const { start_time: start, end_time: end, tz_location: zone, reference } = confirmation.confirmation;
  const extra: SummaryRow[] = [{ label: texts.confirmation.reference, value: reference }];
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        <Typography component="h2" variant="h5">
          {texts.confirmation.title}
        </Typography>
      </Alert>
      {start !== null && end !== null && <BookingSummary serviceLabel={serviceLabel} slot={{ start_time: start, end_time: end }} timeZone={zone} priceText={priceText} extra={extra} />}
      <Typography>{fill(texts.confirmation.emailSent, { email })}</Typography>
      <Typography>{texts.confirmation.joinAdvice}</Typography>
    </Stack>
  );
}
