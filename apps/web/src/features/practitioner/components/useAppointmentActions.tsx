import { useState, type ReactNode } from 'react';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { claimAppointment, releaseAppointment, useRefreshBooking } from '../api';
import { useTranslation } from 'react-i18next';

/** HTTP 405 on a claim: the practitioner already has an appointment at that time (spec 2 §4.1). */
const CLAIM_OVERLAP = 405;

export interface ClaimFlow {
  /** Claims the appointment; on an overlap, asks first and retries with override on Yes. */
  claim: (appointmentId: string) => void;
  /** The appointment being claimed right now, to disable its button. */
  pendingId: string | null;
  /** The overlap question; render it once beside the table. */
  dialog: ReactNode;
}

/**
 * Claiming as the spec describes it: 'Appointment claimed' on success; a 405 opens 'You already
 * have an appointment booked at this time. Are you sure you want to claim this appointment?' and
 * Yes retries with override; any other failure shows the service's message. A shift manager
 * claiming for a practitioner passes their practitioner role id.
 */
export function useClaimFlow(options: { assigneeRoleId?: string } = {}): ClaimFlow {
  const { t } = useTranslation('practitioner');
  const { showToast } = useToast();
  const refresh = useRefreshBooking();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [overlapId, setOverlapId] = useState<string | null>(null);

  const run = async (appointmentId: string, override: boolean) => {
    setPendingId(appointmentId);
    try {
      await claimAppointment(appointmentId, { override, ...(options.assigneeRoleId ? { assigneeRoleId: options.assigneeRoleId } : {}) });
      showToast(t('claimed'), 'success');
      setOverlapId(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === CLAIM_OVERLAP && !override) setOverlapId(appointmentId);
      else {
        setOverlapId(null);
        showToast(error instanceof Error ? error.message : t('errorFetching'), 'error');
      }
    } finally {
      setPendingId(null);
      await refresh();
    }
  };

  return {
    claim: (appointmentId) => void run(appointmentId, false),
    pendingId,
    dialog: (
      <LazyConfirmDialog
        open={overlapId !== null}
        title={t('overlap.title')}
        message={t('overlap.body')}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
        busy={pendingId !== null}
        onConfirm={() => overlapId && void run(overlapId, true)}
        onCancel={() => setOverlapId(null)}
      />
    ),
  };
}

export interface ReleaseFlow {
  /** Asks Yes/No, then releases the appointment. */
  requestRelease: (appointmentId: string) => void;
  dialog: ReactNode;
}

/** Releasing after a Yes/No confirmation: 'Appointment released' or 'Error releasing appointment'. */
export function useReleaseFlow(): ReleaseFlow {
  const { t } = useTranslation('practitioner');
  const { showToast } = useToast();
  const refresh = useRefreshBooking();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const release = async (appointmentId: string) => {
    setBusy(true);
    try {
      await releaseAppointment(appointmentId);
      showToast(t('released'), 'success');
    } catch {
      showToast(t('releaseFailed'), 'error');
    } finally {
      setBusy(false);
      setConfirmingId(null);
      await refresh();
    }
  };

  return {
    requestRelease: setConfirmingId,
    dialog: (
      <LazyConfirmDialog
        open={confirmingId !== null}
        title={t('release.title')}
        message={t('release.body')}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
        busy={busy}
        onConfirm={() => confirmingId && void release(confirmingId)}
        onCancel={() => setConfirmingId(null)}
      />
    ),
  };
}
