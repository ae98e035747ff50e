import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Appointment, AppointmentStatus } from '@vireo/contracts';
import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/toastContext';
import { useCurrentSession } from '../../../lib/session';
import { changeStatus, useRefreshBooking } from '../api';
import { StatusLabel } from '../../appointments';
import { actsAsPractitioner, appointmentActions, hasAnyAction, isPractitionerOfRecord } from '../appointments';
import { useClaimFlow, useReleaseFlow } from './useAppointmentActions';
import { useTranslation } from 'react-i18next';

export interface AppointmentStatusActionsProps {
  appointment: Appointment;
  /** Inside a page section the heading is an h3 and the box outlined; on its own an h2. */
  nested?: boolean;
}

/**
 * The status actions open to the signed-in user on one appointment: Claim when claimable; for its
 * practitioner or a manager, the call statuses it may move to (Completed only for its practitioner) and Release. Nothing when none apply.
 */
export function AppointmentStatusActions({ appointment, nested = false }: AppointmentStatusActionsProps) {
  const { t } = useTranslation('practitioner');
  const headingId = useId();
  const session = useCurrentSession();
  const { showToast } = useToast();
  const refresh = useRefreshBooking();
  const claimFlow = useClaimFlow();
  const releaseFlow = useReleaseFlow();
  const [busy, setBusy] = useState(false);
  const user = { id: session.user.id, role: session.role.name };
  const actions = appointmentActions(appointment, actsAsPractitioner(appointment, user), isPractitionerOfRecord(appointment, user));
  if (!hasAnyAction(actions)) return null;

  const setStatus = async (status: AppointmentStatus) => {
    setBusy(true);
    try {
      await changeStatus(appointment.id, status);
      showToast(t('appointment.statusChanged'), 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('errorFetching'), 'error');
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant={nested ? 'outlined' : 'elevation'} sx={{ p: 2, mb: nested ? 0 : 3 }}>
      <Typography component={nested ? 'h3' : 'h2'} variant={nested ? 'subtitle1' : 'h6'} id={headingId} gutterBottom>
        {t('appointment.statusActions')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.claim && (
          <Button variant="contained" disabled={claimFlow.pendingId !== null} onClick={() => claimFlow.claim(appointment.id)}>
            {t('actions.claim')}
          </Button>
        )}
        {actions.statuses.map((status) => (
          <Button key={status} variant="outlined" disabled={busy} onClick={() => void setStatus(status)}>
            <StatusLabel status={status} />
          </Button>
        ))}
        {actions.release && (
          <Button variant="outlined" onClick={() => releaseFlow.requestRelease(appointment.id)}>
            {t('actions.release')}
          </Button>
        )}
      </Stack>
      {claimFlow.dialog}
      {releaseFlow.dialog}
    </Paper>
  );
}
