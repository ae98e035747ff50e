import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type InfoResponse, type BookingConfirmation, type ServiceInfo } from '@vireo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { STEP_PARAM } from '../../../components/wizard/useWizardSteps';
import { ApiError } from '../../../lib/api';
import { deleteAppointment, useAppointmentInfo, useServices } from '../api';
import { editLink } from '../links';
import { BookingSummary } from '../components/BookingSummary';
import { ConfirmationView } from '../components/ConfirmationView';
import { PublicBookingWizard } from '../components/PublicBookingWizard';
import { PublicPage } from '../components/PublicPage';
import { BOOKING_TEXTS, serverMessage, useBookingTexts, type BookingLanguage, type BookingTexts } from '../texts';

type Info = z.infer<typeof InfoResponse>['appointment'];
type Mode = 'view' | 'rebook';
interface Notice {
  severity: 'success' | 'warning' | 'error';
  lines: string[];
}

const CHANGEABLE_STATUSES = ['WAITING', 'CLAIMABLE'];

function statusText(info: Info, texts: BookingTexts): string {
  if (info.cancelled) return texts.manage.statuses.cancelled;
  return info.status && CHANGEABLE_STATUSES.includes(info.status) ? texts.manage.statuses.booked : texts.manage.statuses.other;
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
  const texts = BOOKING_TEXTS[language];

  const showAppointment = (id: string) => setParams((current) => ({ ...Object.fromEntries(current), appointmentId: id }), { replace: true });

  const body = () => {
    if (!complete) return <Alert severity="error">{texts.manage.missingLink}</Alert>;
    if (info.isPending || services.isPending) return <PageLoader />;
    if (info.isError) {
      const missing = info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 401);
      return <Alert severity="error">{missing ? texts.manage.notFound : serverMessage(texts, info.error.message)}</Alert>;
    }
    return <ManageBooking key={appointmentId} info={info.data.appointment} service={service} shortToken={shortToken} onMoved={showAppointment} />;
  };

  return (
    <PublicPage language={language} onLanguageChange={setChosenLanguage} heading={texts.headings.manage}>
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
  const texts = useBookingTexts();
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
      setNotice({ severity: answer.warning ? 'warning' : 'success', lines: [serverMessage(texts, answer.message)] });
      if (answer.rebookable) {
        await refresh();
      } else {
        // Cancelled without a rebook the appointment is over and its link stops working: show what the answer said.
        const cancelled: z.infer<typeof InfoResponse> = { success: true, appointment: { ...info, status: 'USER_CANCELLED', cancelled: true, editable: false, rebookable: false } };
        queryClient.setQueryData(['booking', 'info', info.id], cancelled);
      }
    } catch (error) {
      setNotice({ severity: 'error', lines: [error instanceof Error ? serverMessage(texts, error.message) : texts.manage.notChangeable] });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  if (rebooked) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <ConfirmationView confirmation={rebooked.confirmation} serviceLabel={serviceLabel} email={rebooked.email} priceText={texts.summary.rebookFree} />
        <Button variant="contained" onClick={() => onMoved(rebooked.confirmation.confirmation.id)}>
          {texts.confirmation.manage}
        </Button>
      </Stack>
    );
  }

  if (mode === 'rebook' && service) {
    return (
      <Stack spacing={3}>
        <Typography>{texts.manage.rebookIntro}</Typography>
        <PublicBookingWizard
          storageId={`rebook:${info.id}`}
          service={service}
          token={shortToken}
          rebookCredit
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
            { label: texts.summary.people, value: String(info.people) },
            { label: texts.manage.status, value: statusText(info, texts) },
          ]}
        />
      )}
      {info.cancelled && !notice && <Alert severity="info">{texts.manage.cancelled}</Alert>}
      {info.cancelled && info.rebookable && service && (
        <Stack direction="row">
          <Button variant="contained" onClick={() => setMode('rebook')}>
            {texts.actions.rebook}
          </Button>
        </Stack>
      )}
      {booked && !info.editable && <Alert severity="warning">{texts.manage.within24}</Alert>}

      {booked && mode === 'view' && (
        <Stack direction="row" spacing={2}>
          {info.editable && (
            <Button variant="contained" component={RouterLink} to={editLink(info.id, shortToken, info.type)}>
              {texts.actions.reschedule}
            </Button>
          )}
          <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
            {texts.actions.delete}
          </Button>
        </Stack>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title={texts.manage.deleteTitle}
        message={info.editable ? texts.manage.deleteInTime : texts.manage.deleteLate}
        confirmLabel={texts.actions.confirmDelete}
        cancelLabel={texts.actions.keep}
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
