import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useBookingTexts } from '../texts';

/** The failure screen of spec 2 §2.6: 'Something went wrong when placing your booking.', the message lines, and Back. */
export function BookingFailureView({ lines, onBack }: { lines: string[]; onBack: () => void }) {
  const { t } = useBookingTexts();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error" sx={{ width: '100%' }}>
        <AlertTitle>{t('failure.title')}</AlertTitle>
        {lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </Alert>
      <Button variant="contained" onClick={onBack}>
        {t('actions.back')}
      </Button>
    </Stack>
  );
}
