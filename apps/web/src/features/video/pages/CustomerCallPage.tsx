import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { RequireRealTimeVideo } from '../../browser-support';
import { ApiError } from '../../../lib/api';
import { getAuthToken } from '../../../lib/storage';
import { fetchVideoToken, tokenRefusal } from '../api';
import { VideoCall } from '../components/VideoCall';
import { useScanAnswer } from '../kitScan';
import { customerShortToken } from '../shortToken';
import { useCall } from '../useCall';

/**
 * /appointment/call?appointmentId= — the customer's call, after the join page (spec 2 §2.3). The
 * link token comes from the address (`short_token`) or from what the join page kept for this tab;
 * a signed-in booker needs none; without either, the video cookie the join page received is used.
 * When the practitioner scans the kit, this page reads the QR code from its own camera (`useScanAnswer`).
 */
export function CustomerCallPage() {
  return (
    <RequireRealTimeVideo>
      <CustomerCall />
    </RequireRealTimeVideo>
  );
}

function CustomerCall() {
  const { t } = useTranslation('video');
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const valid = /^[0-9a-f-]{36}$/i.test(appointmentId);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('customerHeading')}
      </Typography>
      {valid ? <CustomerRoom appointmentId={appointmentId} shortToken={customerShortToken(appointmentId, params.get('short_token'))} /> : <Alert severity="error">{t('missingLink')}</Alert>}
    </Container>
  );
}

function CustomerRoom({ appointmentId, shortToken }: { appointmentId: string; shortToken: string | null }) {
  const { t } = useTranslation('video');
  const missingLink = t('missingLink');
  const token = useCallback(async () => {
    if (!shortToken && !getAuthToken()) return null;
    try {
      return await fetchVideoToken(appointmentId, 'patient', shortToken);
    } catch (error) {
      // Not this customer's by link or session: the join page's cookie may still hold a token.
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
      throw tokenRefusal(error, missingLink);
    }
  }, [appointmentId, shortToken, missingLink]);
  const call = useCall({ token, sessionToken: getAuthToken() });
  useScanAnswer(call);
  return <VideoCall call={call} side="customer" />;
}
