import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BookingConfirmation } from '@vireo/contracts';
import type { z } from 'zod';
import { useBookingTexts } from '../texts';
import { BookingSummary, type SummaryRow } from './BookingSummary';

/** 'Your Appointment Has Been Booked' with the reference, the time in its zone, and where the confirmation went. */
export function ConfirmationView({ confirmation, serviceLabel, email, priceText }: { confirmation: z.infer<typeof BookingConfirmation>; serviceLabel: string; email: string; priceText: string }) {
  const { t } = useBookingTexts();
  const { start_time: start, end_time: end, tz_location: zone, reference } = confirmation.confirmation;
  const extra: SummaryRow[] = [{ label: t('confirmation.reference'), value: reference }];
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        <Typography component="h2" variant="h5">
          {t('confirmation.title')}
        </Typography>
      </Alert>
      {start !== null && end !== null && <BookingSummary serviceLabel={serviceLabel} slot={{ start_time: start, end_time: end }} timeZone={zone} priceText={priceText} extra={extra} />}
      <Typography>{t('confirmation.emailSent', { email })}</Typography>
      <Typography>{t('confirmation.joinAdvice')}</Typography>
    </Stack>
  );
}
