import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Appointment, BookingUser } from '@vireo/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { useAppointment } from '../practitioner';
import type { CallTools } from '../video';
import { CustomerDetailsPanel } from './CustomerDetailsPanel';
import { certificateSent, initialProgress, isAntigen, lastStatusOnHold, type Progress } from './progress';
import { AntigenActions } from './steps/AntigenActions';
import { CertificateForm } from './steps/CertificateForm';
import { DetailsStep } from './steps/DetailsStep';
import { IdStep } from './steps/IdStep';
import { NotesStep } from './steps/NotesStep';
import { SampleKitStep } from './steps/SampleKitStep';

/** Spec 2 §4.3: the success message shows for 5 seconds, 3 in the antigen actions panel. */
const SUCCESS_MS = 5_000;
const ANTIGEN_SUCCESS_MS = 3_000;

export interface StepProps {
  appointment: Appointment;
  person: BookingUser;
  progress: Progress;
  update(change: Partial<Progress>): void;
  /** Goes on to the next step. */
  next(): void;
  call?: CallTools;
}

function People({ appointment, current, sent, onReissue }: { appointment: Appointment; current: BookingUser | null; sent: (p: BookingUser) => boolean; onReissue(person: BookingUser): void }) {
  const { t } = useTranslation('call-panel');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography component="h2" variant="h6" id={headingId}>
        {t('people.heading')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {appointment.booking_users.map((person) => {
          const name = `${person.first_name} ${person.last_name}`;
          const done = sent(person);
          return (
            <Stack component="li" key={person.id} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: person.id === current?.id ? 600 : 400 }}>{name}</Typography>
              <Chip size="small" color={done ? 'success' : 'default'} label={person.id === current?.id ? t('people.current') : done ? t('people.sent') : t('people.pending')} />
              {done && (
                <Button size="small" onClick={() => onReissue(person)} aria-label={t('people.reissueFor', { name })}>
                  {t('people.reissue')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * The practitioner's appointment panel (spec 2 §2.4, §4.3): the customer details block, then one
 * person at a time through the steps — details with the address check, ID verification, sample and
 * kit ID, notes, the certificate; antigen appointments two steps: details, then the actions (kit
 * provider, photo, Create Certificate). When the certificate of one person is generated the next is
 * shown; when none remain, the sent state with Reissue Certificate. An antigen appointment whose last
 * status is ON_HOLD opens at its actions. The appointment stays current through the live
 * `appointments` topic (polled every 5 s only while the socket is down). `call`: beside a video call,
 * its picture for photos and the kit scan.
 */
export function AppointmentPanel({ appointmentId, call }: { appointmentId: string; call?: CallTools }) {
  const { t } = useTranslation('call-panel');
  const query = useAppointment(appointmentId);
  const appointment = query.data;
  return (
    <Stack spacing={2}>
      <CustomerDetailsPanel appointmentId={appointmentId} />
      {appointment ? <PanelSteps appointment={appointment} call={call} /> : query.isError ? null : <PageLoader />}
      {query.isError && <Alert severity="error">{t('notFound')}</Alert>}
    </Stack>
  );
}

function PanelSteps({ appointment, call }: { appointment: Appointment; call?: CallTools }) {
  const { t } = useTranslation('call-panel');
  const antigen = isAntigen(appointment);
  const onHold = antigen && lastStatusOnHold(appointment);
  const [generated, setGenerated] = useState<ReadonlySet<string>>(new Set());
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [step, setStep] = useState(onHold ? 1 : 0);
  const [seenOnHold, setSeenOnHold] = useState(onHold);
  const [progress, setProgress] = useState<Record<string, Progress>>({});
  const [success, setSuccess] = useState<string | null>(null);

  // The appointment was put on hold while the panel was open: its antigen actions come up.
  if (onHold !== seenOnHold) {
    setSeenOnHold(onHold);
    if (onHold) setStep(1);
  }

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), antigen ? ANTIGEN_SUCCESS_MS : SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success, antigen]);

  const sent = (person: BookingUser) => generated.has(person.id) || certificateSent(person);
  const current = appointment.booking_users.find((p) => p.id === chosenId) ?? appointment.booking_users.find((p) => !sent(p)) ?? null;
  const certificateStep = antigen ? 1 : 4;

  const onGenerated = (person: BookingUser) => {
    setGenerated((was) => new Set(was).add(person.id));
    setSuccess(t('certificate.success'));
    setChosenId(null);
    setStep(0);
  };
  const reissue = (person: BookingUser) => {
    setChosenId(person.id);
    setStep(certificateStep);
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        {/* Always laid out, shown only with a message: its coming and going never moves the steps under the pointer. */}
        <Alert severity="success" role="status" sx={{ visibility: success ? 'visible' : 'hidden' }}>
          {success}
        </Alert>
        <People appointment={appointment} current={current} sent={sent} onReissue={reissue} />
        {current ? (
          <PersonSteps
            key={current.id}
            appointment={appointment}
            person={current}
            antigen={antigen}
            step={step}
            setStep={setStep}
            progress={progress[current.id] ?? initialProgress(current)}
            update={(change) => setProgress((was) => ({ ...was, [current.id]: { ...(was[current.id] ?? initialProgress(current)), ...change } }))}
            onGenerated={() => onGenerated(current)}
            reissue={chosenId === current.id && sent(current)}
            call={call}
          />
        ) : (
          <Alert severity="success">{t('people.allDone')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

function PersonSteps({
  appointment,
  person,
  antigen,
  step,
  setStep,
  progress,
  update,
  onGenerated,
  reissue,
  call,
}: {
  appointment: Appointment;
  person: BookingUser;
  antigen: boolean;
  step: number;
  setStep(step: number): void;
  progress: Progress;
  update(change: Partial<Progress>): void;
  onGenerated(): void;
  reissue: boolean;
  call?: CallTools;
}) {
  const { t } = useTranslation('call-panel');
  const name = `${person.first_name} ${person.last_name}`;
  const props: StepProps = { appointment, person, progress, update, next: () => setStep(step + 1), call };
  const certificate = <CertificateForm {...props} reissue={reissue} onGenerated={onGenerated} />;
  const steps: [string, ReactNode][] = antigen
    ? [
        [t('steps.details'), <DetailsStep {...props} />],
        [t('steps.actions'), <AntigenActions {...props} certificate={certificate} reissue={reissue} />],
      ]
    : [
        [t('steps.details'), <DetailsStep {...props} />],
        [t('steps.id'), <IdStep {...props} />],
        [t('steps.kit'), <SampleKitStep {...props} />],
        [t('steps.notes'), <NotesStep {...props} />],
        [t('steps.certificate'), certificate],
      ];
  return (
    <Box component="section" aria-label={t('steps.label', { name })}>
      <Stepper activeStep={step} orientation="vertical">
        {steps.map(([label, content], index) => (
          <Step key={label} completed={false}>
            <StepLabel>{label}</StepLabel>
            <StepContent transitionDuration={0} slotProps={{ transition: { unmountOnExit: true } }}>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {content}
                {index > 0 && (
                  <Button onClick={() => setStep(index - 1)} sx={{ alignSelf: 'flex-start' }}>
                    {t('steps.back')}
                  </Button>
                )}
              </Stack>
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
