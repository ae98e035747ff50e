import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InfoResponse } from '@vireo/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageLoader } from '../../components/PageLoader';
import { BookingSummary, PublicPage, formatCountdown, languageOf, useAppointmentInfo, useServices, type BookingLanguage } from '../booking';
import { RequireRealTimeVideo } from '../browser-support';
import { useNow } from './clock';
import { DeviceCheck } from './DeviceCheck';
import { callPath, saveChosenDevices, type ChosenDevices } from './devices';
import { closedReason, landingPhase, skipsTime, waitingState } from './phase';
import { useMediaPreview } from './useMediaPreview';

type Info = z.infer<typeof InfoResponse>['appointment'];
type LandingT = TFunction<'appointment-landing'>;
type Answer = 'yes' | 'no' | null;

/**
 * /appointment?appointmentId=&short_token=&skiptime= — the customer's video appointment landing page
 * (spec 2 §2.3, §4.1, §9; spec 1 §2), opened from the confirmation e-mail's join link. The link
 * token goes to the API in the x-short-token header only. A completed appointment says the
 * consultation is over and where the certificate and results will be; a link whose time is over
 * says so; a cancelled appointment, a missing or wrong link and a failed fetch show the cancelled
 * notice. More than 30 minutes before the
 * start only the appointment; then the device check, the questions and Join Appointment, with a
 * countdown to the start and, 180 seconds past it, an apology. `skiptime=true` skips the time rules.
 * Browsers without WebRTC go to /unsupported-browser.
 */
export function AppointmentLandingPage() {
  return (
    <RequireRealTimeVideo>
      <AppointmentLanding />
    </RequireRealTimeVideo>
  );
}

function AppointmentLanding() {
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const shortToken = params.get('short_token') ?? '';
  const skipTime = skipsTime(params.get('skiptime'));
  const complete = appointmentId !== '' && shortToken.length >= 20;
  const info = useAppointmentInfo(appointmentId, shortToken, complete);
  const services = useServices({ publicPage: true });
  const [chosenLanguage, setChosenLanguage] = useState<BookingLanguage | null>(null);
  const language = chosenLanguage ?? info.data?.appointment.language ?? 'EN';
  const { t } = useTranslation('appointment-landing', { lng: languageOf(language) });
  const appointment = info.data?.appointment;

  const body = () => {
    if (complete && (info.isPending || services.isPending)) return <PageLoader />;
    const closed = closedReason(appointment?.status, info.error);
    if (closed === 'completed') {
      return (
        <Alert severity="success" role="status">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('completed.heading')}
          </Typography>
          <Typography>{t('completed.certificate')}</Typography>
          <Typography>{t('completed.results')}</Typography>
        </Alert>
      );
    }
    if (!appointment || appointment.cancelled || appointment.start_time === null || appointment.end_time === null) {
      return (
        <Alert severity="info" role="status">
          {t(closed === 'expired' ? 'expired' : 'cancelled')}
        </Alert>
      );
    }
    const service = services.data?.services.find((s) => s.service === appointment.type);
    return <Landing info={appointment} serviceLabel={service?.label ?? appointment.type} testKit={service?.test_kit ?? false} shortToken={shortToken} skipTime={skipTime} t={t} />;
  };

  return (
    <PublicPage language={language} onLanguageChange={setChosenLanguage} heading={t('heading')}>
      {body()}
    </PublicPage>
  );
}

interface LandingProps {
  info: Info;
  serviceLabel: string;
  testKit: boolean;
  shortToken: string;
  skipTime: boolean;
  t: LandingT;
}

function Landing({ info, serviceLabel, testKit, shortToken, skipTime, t }: LandingProps) {
  const now = useNow();
  const start = info.start_time!;
  return (
    <Stack spacing={3}>
      <section aria-label={t('summary.label')}>
        <BookingSummary serviceLabel={serviceLabel} slot={{ start_time: start, end_time: info.end_time! }} timeZone={info.tz_location} />
        <Typography sx={{ mt: 2 }}>{t('summary.joinEarly')}</Typography>
      </section>
      {landingPhase(start, now, skipTime) === 'early' ? (
        <Alert severity="info">{t('early')}</Alert>
      ) : (
        <>
          <Waiting start={start} now={now} t={t} />
          <ReadinessCheck appointmentId={info.id} shortToken={shortToken} testKit={testKit} t={t} />
        </>
      )}
    </Stack>
  );
}

/** Before the start a mm:ss countdown; 180 seconds past it the apology (spec 2 §4.1). */
function Waiting({ start, now, t }: { start: number; now: number; t: LandingT }) {
  const waiting = waitingState(start, now);
  if (waiting.kind === 'late') {
    return (
      <Alert severity="warning" role="status">
        {t('waiting.late')}
      </Alert>
    );
  }
  if (waiting.kind === 'starting') {
    return (
      <Alert severity="info" role="status">
        {t('waiting.starting')}
      </Alert>
    );
  }
  return (
    <Typography variant="h6" component="p">
      {t('waiting.startsIn')}{' '}
      <span role="timer" aria-label={t('waiting.countdownLabel')}>
        {formatCountdown(waiting.seconds)}
      </span>
    </Typography>
  );
}

function Question({ label, value, onChange, whenNo, t }: { label: string; value: Answer; onChange: (answer: Answer) => void; whenNo: string; t: LandingT }) {
  const id = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={id} sx={{ color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup row aria-labelledby={id} value={value ?? ''} onChange={(event) => onChange(event.target.value as Answer)}>
        <FormControlLabel value="yes" control={<Radio />} label={t('questions.yes')} />
        <FormControlLabel value="no" control={<Radio />} label={t('questions.no')} />
      </RadioGroup>
      {value === 'no' && <FormHelperText sx={{ m: 0 }}>{whenNo}</FormHelperText>}
    </FormControl>
  );
}

/** The device check, the quiet-space question, the test-kit question for kit services, then Join Appointment. */
function ReadinessCheck({ appointmentId, shortToken, testKit, t }: { appointmentId: string; shortToken: string; testKit: boolean; t: LandingT }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ChosenDevices>({});
  const media = useMediaPreview(choice);
  const [quietSpace, setQuietSpace] = useState<Answer>(null);
  const [kit, setKit] = useState<Answer>(null);
  const ready = media.stream !== null && quietSpace === 'yes' && (!testKit || kit === 'yes');

  const join = () => {
    saveChosenDevices({ ...media.inUse, ...choice });
    void navigate(callPath(appointmentId, shortToken));
  };

  return (
    <Stack spacing={3}>
      <DeviceCheck media={media} onChoose={setChoice} t={t} />
      <Question label={t('questions.quietSpace')} value={quietSpace} onChange={setQuietSpace} whenNo={t('questions.quietSpaceNo')} t={t} />
      {testKit && <Question label={t('questions.testKit')} value={kit} onChange={setKit} whenNo={t('questions.testKitNo')} t={t} />}
      {ready && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success" role="status">
            {t('ready')}
          </Alert>
          <Button variant="contained" size="large" onClick={join}>
            {t('join')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
