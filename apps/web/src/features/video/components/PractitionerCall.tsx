import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { type AppointmentResponse, dashboardPath } from '@vireo/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { apiRequest } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/session';
import { getAuthToken } from '../../../lib/storage';
import { BOOKING_QUERY_KEY } from '../../appointments';
import { useStaffVideoToken } from '../useStaffVideoToken';
import { useKitScan, type KitScan } from '../kitScan';
import { useCall } from '../useCall';
import { VideoCall } from './VideoCall';

/** Spec 2 §9: status-change errors show a toast for 10 seconds on the practitioner's side. */
const STATUS_TOAST_MS = 10_000;

/** Whether any booking user has neither a result nor a sample_taken (spec 2 §4.1 end-call warning). */
function resultsMissing(appointment: z.infer<typeof AppointmentResponse>['appointment'] | undefined): boolean {
  return Boolean(appointment?.booking_users.some((person) => !person.metadata.result && !person.metadata.sample_taken));
}

/** What the side panel beside the call uses of it: the customer's picture (photos) and the kit scan. */
export interface CallTools {
  remoteStream: MediaStream | null;
  scan: KitScan;
}

/**
 * The practitioner's side of an appointment's call (the assigned practitioner, or a shift manager
 * from the live dashboard): the call with pause, hang-up (warning first while results are missing)
 * and status errors as a 10-second toast; `aside`, the side panel beside it, gets the call's tools.
 */
export function PractitionerCall({
  appointmentId,
  onClose,
  aside,
}: {
  appointmentId: string;
  /** Hosted in another page: its way back once the call is over. */
  onClose?: () => void;
  aside?: (tools: CallTools) => ReactNode;
}) {
  const { t } = useTranslation('video');
  const session = useCurrentSession();
  const [toast, setToast] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const appointment = useQuery({
    queryKey: [...BOOKING_QUERY_KEY, 'appointment', appointmentId],
    queryFn: ({ signal }) => apiRequest<typeof AppointmentResponse>(`/api/booking/${appointmentId}`, { signal }).then((a) => a.appointment),
  });
  const token = useStaffVideoToken(appointmentId);
  const onError = useCallback((code: string, message: string) => {
    if (code === 'status' || code === 'not_allowed' || code === 'not_joined') setToast(message);
  }, []);
  const call = useCall({ token, sessionToken: getAuthToken(), onError });
  const scan = useKitScan(call);

  const hangUp = () => {
    if (resultsMissing(appointment.data)) setConfirming(true);
    else call.hangUp();
  };
  const over = ['ended', 'left', 'elsewhere', 'takenOver', 'refused'].includes(call.phase);

  return (
    <Box sx={aside ? { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' }, alignItems: 'start' } : undefined}>
      <Box>
        <VideoCall
          call={call}
          side="practitioner"
          onHangUp={hangUp}
          controls={
            <Button variant="outlined" onClick={call.pause} disabled={!['waiting', 'connecting', 'connected', 'reconnecting'].includes(call.phase)}>
              {t('pause')}
            </Button>
          }
        />
        {over && onClose ? (
          <Button sx={{ mt: 2 }} onClick={onClose}>
            {t('close')}
          </Button>
        ) : over ? (
          <Button sx={{ mt: 2 }} component={RouterLink} to={dashboardPath(session.role.name)}>
            {t('backToDashboard')}
          </Button>
        ) : null}
      </Box>
      {aside ? (
        <Box component="aside" aria-label={t('sidePanel')} data-side-panel>
          {aside({ remoteStream: call.remoteStream, scan })}
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('endCall.title')}
        message={t('endCall.warning')}
        confirmLabel={t('endCall.confirm')}
        cancelLabel={t('endCall.cancel')}
        destructive
        onConfirm={() => {
          setConfirming(false);
          call.hangUp();
        }}
        onCancel={() => setConfirming(false)}
      />
      <Snackbar open={toast !== null} autoHideDuration={STATUS_TOAST_MS} onClose={() => setToast(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="error" onClose={() => setToast(null)} variant="filled">
          {toast}
        </Alert>
      </Snackbar>
    </Box>
  );
}
