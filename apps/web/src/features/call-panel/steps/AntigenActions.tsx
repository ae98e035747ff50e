import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovedKits } from '../api';
import type { StepProps } from '../AppointmentPanel';
import { KitProviderField } from './KitFields';
import { PhotoPanel } from './PhotoPanel';

/**
 * The antigen appointment's second step (spec 2 §2.4): the kit provider, the photo of the test
 * result from the customer's video, and Create Certificate, which opens the certificate form.
 */
export function AntigenActions({ appointment, person, progress, update, call, certificate, reissue }: StepProps & { certificate: ReactNode; reissue: boolean }) {
  const { t } = useTranslation('call-panel');
  const kits = useApprovedKits().data ?? [];
  const [open, setOpen] = useState(reissue);
  const kit = kits.find((k) => k.id === progress.kitId);
  if (open) return certificate;
  return (
    <>
      <KitProviderField kits={kits} value={kit?.name ?? ''} onChange={(name) => update({ kitId: kits.find((k) => k.name === name)?.id ?? null })} />
      {progress.hasPhoto ? (
        <Alert severity="success">{t('photo.uploaded')}</Alert>
      ) : call?.remoteStream ? (
        <PhotoPanel appointmentId={appointment.id} bookingUserId={person.id} stream={call.remoteStream} onUploaded={() => update({ hasPhoto: true })} />
      ) : (
        <Alert severity="info">{t('photo.noVideo')}</Alert>
      )}
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('certificate.create')}
      </Button>
    </>
  );
}
