import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useOrderBookingTexts } from '../texts';
import type { Booked } from '../types';

/**
 * 'Booking Confirmation' / 'Confirmation' (spec 2 §2.7, §2.10): the error line when the booking
 * failed, the links (home; 'Register your kit' when booking is skipped; the customer-services pages
 * when editing) and 'Book next appointment' while the order has units left and not editing.
 */
export function ConfirmationStep({ booked, skipped, editing, homeHref, onBookNext }: { booked: Booked; skipped: boolean; editing: boolean; homeHref: string; onBookNext: () => void }) {
  const { t } = useOrderBookingTexts();
  const bookNext = !editing && !booked.error && booked.unitsLeft !== null && booked.unitsLeft > 0;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {booked.error ? (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {t('confirmation.error')}
        </Alert>
      ) : (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {skipped ? t('confirmation.skipped') : t('confirmation.booked')}
        </Alert>
      )}
      {!booked.error && (
        <Typography>
          {t('confirmation.reference')}: <strong>{booked.appointmentId}</strong>
        </Typography>
      )}
      {skipped && !booked.error && (
        <Link component={RouterLink} to={`/register-kit/${booked.appointmentId}`}>
          {t('confirmation.registerKit')}
        </Link>
      )}
      {editing ? (
        <>
          <Link component={RouterLink} to="/customer_services/dashboard">
            {t('confirmation.dashboard')}
          </Link>
          <Link component={RouterLink} to="/customer_services/order-list">
            {t('confirmation.orderList')}
          </Link>
        </>
      ) : (
        <Link href={homeHref}>{t('confirmation.home')}</Link>
      )}
      {bookNext && (
        <Button variant="contained" onClick={onBookNext}>
          {t('actions.bookNext')}
        </Button>
      )}
    </Stack>
  );
}
