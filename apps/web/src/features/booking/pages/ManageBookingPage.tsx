// Field errors in plain words wherever a form is shown (contracts' zod configuration); /login has none, so loads none.
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Appointment, type InfoResponse, type BookingConfirmation, type ServiceInfo } from '@vireo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { STEP_PARAM } from '../../../components/wizard/useWizardSteps';
import { ApiError } from '../../../lib/api';
import { deleteAppointment, useAppointment, useAppointmentInfo, useServices } from '../api';
import { editLink } from '../links';
import { BookingSummary } from '../components/BookingSummary';
import { ConfirmationView } from '../components/ConfirmationView';
import type { BasicInformation } from '../components/BasicInformationStep';
import { PublicBookingWizard } from '../components/PublicBookingWizard';
import { PublicPage } from '../components/PublicPage';
import { useBookingT, useBookingTexts, type BookingLanguage, type BookingT } from '../texts';

type Info = z.infer<typeof InfoResponse>['appointment'];
type Mode = 'view' | 'rebook';
interface Notice {
  severity: 'success' | 'warning' | 'error';
  lines: string[];
}

const CHANGEABLE_STATUSES = ['WAITING', 'CLAIMABLE'];

function statusText(info: Info, t: BookingT): string {
  if (info.cancelled) return t('manage.statuses.cancelled');
  return info.status && CHANGEABLE_STATUSES.includes(info.status) ? t('manage.statuses.booked') : t('manage.statuses.other');
}

/**
 * /book/manage?appointmentId=&short_token=&service= — the customer's page from the confirmation
 * e-mail (spec 2 §2.9, §4.2). The link token goes to the API in the x-short-token header only.
 * More than 24 hours before the start: change the time or delete, then rebook with the same link
 * at no charge. Within 24 hours: a warning, and deleting only notifies the practitioner. Once the
 * appointment is over the server answers 410 and the page shows its message.
 */
export function ManageBookingPage() {
  const [params, setParams] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const shortToken = params.get('short_token') ?? '';
  const serviceName = params.get('service') ?? '';
  const services = useServices({ publicPage: true });
  const [chosenLanguage, setChosenLanguage] = useState<BookingLanguage | null>(null);
  const complete = appointmentId !== '' && shortToken.length >= 20;
  const info = useAppointmentInfo(appointmentId, shortToken, complete);
  const service = services.data?.services.find((s) => s.service === (info.data?.appointment.type ?? serviceName));
  const language = chosenLanguage ?? info.data?.appointment.language ?? service?.language ?? 'EN';
  const { t, messageText } = useBookingT(language);

  const showAppointment = (id: string) => setParams((current) => ({ ...Object.fromEntries(current), appointmentId: id }), { replace: true });
  // A link from before a reschedule answers the booking where it is now: the address follows it.
  const currentId = info.data?.appointment.id;
  useEffect(() => {
    if (currentId && currentId !== appointmentId) setParams((current) => ({ ...Object.fromEntries(current), appointmentId: currentId }), { replace: true });
  }, [currentId, appointmentId, setParams]);

  const body = () => {
    if (!complete) return <Alert severity="error">{t('manage.missingLink')}</Alert>;
    if (info.isPending || services.isPending) return <PageLoader />;
    if (info.isError) {
      const missing = info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 401);
      return <Alert severity="error">{missing ? t('manage.notFound') : messageText(info.error.message)}</Alert>;
    }
    return <ManageBooking key={appointmentId} info={info.data.appointment} service={service} shortToken={shortToken} onMoved={showAppointment} />;
  };

  return (
    <PublicPage language={language} onLanguageChange={setChosenLanguage} heading={t('headings.manage')}>
      {body()}
    </PublicPage>
  );
}

interface ManageBookingProps {
  info: Info;
  service: ServiceInfo | undefined;
  shortToken: string;
  /** The booking now lives under another id (rebooked): show that one. */
  onMoved: (appointmentId: string) => void;
}

function ManageBooking({ info, service, shortToken, onMoved }: ManageBookingProps) {
  const { t, messageText } = useBookingTexts();
  const queryClient = useQueryClient();
  // A reload in the middle of a rebook (its step is in the URL) goes on with it.
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => (info.cancelled && info.rebookable && params.has(STEP_PARAM) ? 'rebook' : 'view'));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rebooked, setRebooked] = useState<{ confirmation: z.infer<typeof BookingConfirmation>; email: string } | null>(null);
  const serviceLabel = service?.label ?? info.type;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['booking', 'info'] });
  const booked = !info.cancelled && info.status !== null && CHANGEABLE_STATUSES.includes(info.status);

  const remove = async () => {
    setBusy(true);
    try {
      const answer = await deleteAppointment(info.id, shortToken);
      setNotice({ severity: answer.warning ? 'warning' : 'success', lines: [messageText(answer.message)] });
      if (answer.rebookable) {
        await refresh();
      } else {
        // Cancelled without a rebook the appointment is over and its link stops working: show what the answer said.
        const cancelled: z.infer<typeof InfoResponse> = { success: true, appointment: { ...info, status: 'USER_CANCELLED', cancelled: true, editable: false, rebookable: false } };
        queryClient.setQueryData(['booking', 'info', info.id], cancelled);
      }
    } catch (error) {
      setNotice({ severity: 'error', lines: [error instanceof Error ? messageText(error.message) : t('manage.notChangeable')] });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  if (rebooked) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <ConfirmationView confirmation={rebooked.confirmation} serviceLabel={serviceLabel} email={rebooked.email} priceText={t('summary.rebookFree')} />
        <Button variant="contained" onClick={() => onMoved(rebooked.confirmation.confirmation.id)}>
          {t('confirmation.manage')}
        </Button>
      </Stack>
    );
  }

  if (mode === 'rebook' && service) {
    return (
      <Stack spacing={3}>
        <Typography>{t('manage.rebookIntro')}</Typography>
        <RebookWizard
          info={info}
          service={service}
          shortToken={shortToken}
          onBooked={(confirmation) => setRebooked({ confirmation, email: confirmation.appointment.booking_users[0]?.email ?? '' })}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      {info.start_time !== null && info.end_time !== null && (
        <BookingSummary
          serviceLabel={serviceLabel}
          slot={{ start_time: info.start_time, end_time: info.end_time }}
          timeZone={info.tz_location}
          extra={[
            { label: t('summary.people'), value: String(info.people) },
            { label: t('manage.status'), value: statusText(info, t) },
          ]}
        />
      )}
      {info.cancelled && !notice && <Alert severity="info">{t('manage.cancelled')}</Alert>}
      {info.cancelled && info.rebookable && service && (
        <Stack direction="row">
          <Button variant="contained" onClick={() => setMode('rebook')}>
            {t('actions.rebook')}
          </Button>
        </Stack>
      )}
      {booked && !info.editable && <Alert severity="warning">{t('manage.within24')}</Alert>}

      {booked && mode === 'view' && (
        <Stack direction="row" spacing={2}>
          {info.editable && (
            <Button variant="contained" component={RouterLink} to={editLink(info.id, shortToken, info.type)}>
              {t('actions.reschedule')}
            </Button>
          )}
          <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
            {t('actions.delete')}
          </Button>
        </Stack>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title={t('manage.deleteTitle')}
        message={info.editable ? t('manage.deleteInTime') : t('manage.deleteLate')}
        confirmLabel={t('actions.confirmDelete')}
        cancelLabel={t('actions.keep')}
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}

/** The first person of a booking as the wizard's basic information. */
function basicInformationOf(appointment: Appointment): BasicInformation | null {
  const person = appointment.booking_user;
  if (!person) return null;
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    dateOfBirth: new Date(person.date_of_birth * 1000).toISOString().slice(0, 10),
    telephone: person.phone ?? '',
    email: person.email,
    discount_code: '',
  };
}

/** The rebook of a booking deleted in time: the wizard starts from the deleted booking's details. */
function RebookWizard({ info, service, shortToken, onBooked }: { info: Info; service: ServiceInfo; shortToken: string; onBooked: (confirmation: z.infer<typeof BookingConfirmation>) => void }) {
  const deleted = useAppointment(info.id, shortToken, true);
  if (deleted.isPending) return <PageLoader />;
  return (
    <PublicBookingWizard
      storageId={`rebook:${info.id}`}
      service={service}
      token={shortToken}
      rebookCredit
      initialPerson={deleted.data ? basicInformationOf(deleted.data) : null}
      onBooked={onBooked}
    />
  );
}
