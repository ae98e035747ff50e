// Field errors in plain words wherever a form is shown (contracts' zod configuration); /login has none, so loads none.
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Appointment, InfoResponse, ServiceInfo } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageLoader } from '../../../components/PageLoader';
import { Wizard } from '../../../components/wizard/Wizard';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps';
import { ApiError } from '../../../lib/api';
import { rescheduleAppointment, useAppointmentInfo, useServices, type CallContext } from '../api';
import { manageLink } from '../links';
import { BookingSummary } from '../components/BookingSummary';
import { HoldCountdown } from '../components/HoldCountdown';
import { PublicPage } from '../components/PublicPage';
import { SlotPicker } from '../components/SlotPicker';
import { useBookingT, useBookingTexts, type BookingLanguage } from '../texts';
import { formatDate, formatTime } from '../time';
import { useSlotHold } from '../useSlotHold';

type Info = z.infer<typeof InfoResponse>['appointment'];

/**
 * /booking/edit?appointmentId=&short_token=&service= — customer-edit mode of spec 2 §2.9: 'Booking
 * Appointment', 'Summary', 'Booking Confirmation'. 'How many people' and 'Passenger Details' are
 * omitted in this mode, as the spec says; travel details are kept as booked, because the booking
 * service records them with the payment. Until 24 hours before the start only.
 */
export function EditBookingPage() {
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const shortToken = params.get('short_token') ?? '';
  const serviceName = params.get('service') ?? '';
  const complete = appointmentId !== '' && shortToken.length >= 20;
  const info = useAppointmentInfo(appointmentId, shortToken, complete);
  const services = useServices({ publicPage: true });
  const [chosenLanguage, setChosenLanguage] = useState<BookingLanguage | null>(null);
  const service = services.data?.services.find((s) => s.service === (info.data?.appointment.type ?? serviceName));
  const language = chosenLanguage ?? info.data?.appointment.language ?? service?.language ?? 'EN';
  const { t, messageText } = useBookingT(language);

  const body = () => {
    if (!complete) return <Alert severity="error">{t('manage.missingLink')}</Alert>;
    if (info.isPending || services.isPending) return <PageLoader />;
    if (info.isError) {
      const missing = info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 401);
      return <Alert severity="error">{missing ? t('manage.notFound') : messageText(info.error.message)}</Alert>;
    }
    return <EditWizard info={info.data.appointment} service={service} shortToken={shortToken} />;
  };

  return (
    <PublicPage language={language} onLanguageChange={setChosenLanguage} heading={t('headings.edit')}>
      {body()}
    </PublicPage>
  );
}

function EditWizard({ info, service, shortToken }: { info: Info; service: ServiceInfo | undefined; shortToken: string }) {
  const { t, messageText, dateLocale } = useBookingTexts();
  const stepLabels = t('steps.edit', { returnObjects: true });
  const context: CallContext = { publicPage: true, shortToken };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<Appointment | null>(null);
  const storageId = `edit:${info.id}`;
  const hold = useSlotHold(context, () => setError(t('slots.holdExpired')), `${storageId}:hold`);
  const wizard = useWizardSteps(
    [
      { key: 'time', label: stepLabels[0]!, done: hold.slot !== null },
      { key: 'summary', label: stepLabels[1]! },
      { key: 'confirmation', label: stepLabels[2]!, available: moved !== null },
    ],
    null,
    hold.restoring,
  );
  const step = wizard.index;
  const serviceLabel = service?.label ?? info.type;
  const current =
    info.start_time === null ? '' : `${formatDate(info.start_time, info.tz_location, dateLocale)}, ${formatTime(info.start_time, info.tz_location, dateLocale)}`;

  if (moved && moved.start_time !== null && moved.end_time !== null) {
    return (
      <Wizard wizard={wizard} finished>
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success" role="status" sx={{ width: '100%' }}>
            {t('manage.rescheduled')}
          </Alert>
          <BookingSummary serviceLabel={serviceLabel} slot={{ start_time: moved.start_time, end_time: moved.end_time }} timeZone={moved.tz_location} />
          <Button component={RouterLink} to={manageLink(moved.id, shortToken, moved.type)} variant="contained">
            {t('confirmation.manage')}
          </Button>
        </Stack>
      </Wizard>
    );
  }

  if (!info.editable) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">{info.cancelled ? t('manage.cancelled') : t('manage.within24')}</Alert>
        <Button component={RouterLink} to={manageLink(info.id, shortToken, info.type)}>
          {t('confirmation.manage')}
        </Button>
      </Stack>
    );
  }

  const move = async () => {
    if (!hold.slot || !hold.token) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await rescheduleAppointment(info.id, hold.slot.id, hold.token, shortToken);
      hold.complete();
      setMoved(answer.appointment);
      wizard.goTo('confirmation', { replace: true });
    } catch (failure) {
      const lost = failure instanceof ApiError && failure.status === 409;
      if (lost) {
        hold.release();
        wizard.goTo('time', { replace: true });
      }
      setError(lost ? t('slotTaken') : failure instanceof Error ? messageText(failure.message) : t('manage.notChangeable'));
    } finally {
      setBusy(false);
    }
  };

  if (hold.restoring) return <PageLoader />;

  return (
    <Wizard wizard={wizard}>
      <Stack spacing={3}>
        <Typography>
          {t('summary.currentTime')}: {current}
        </Typography>
        {error && <Alert severity="warning">{error}</Alert>}
        {step === 0 && (
          <>
            <SlotPicker service={info.type} context={context} hold={hold} timeZone={info.tz_location} />
            <Stack direction="row">
              <Button
                variant="contained"
                disabled={!hold.slot || hold.pending}
                onClick={() => {
                  setError(null);
                  wizard.forward();
                }}
              >
                {t('actions.next')}
              </Button>
            </Stack>
          </>
        )}
        {step === 1 && hold.slot && (
          <Stack spacing={3}>
            {hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
            <BookingSummary serviceLabel={serviceLabel} slot={hold.slot} timeZone={info.tz_location} extra={[{ label: t('summary.people'), value: String(info.people) }]} />
            <Stack direction="row" spacing={2}>
              <Button onClick={wizard.back} disabled={busy}>
                {t('actions.back')}
              </Button>
              <Button variant="contained" loading={busy} onClick={() => void move()}>
                {t('actions.moveHere')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Stack>
    </Wizard>
  );
}
