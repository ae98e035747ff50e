import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import PhoneIcon from '@mui/icons-material/Phone';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Appointment, BookingUser } from '@vireo/contracts';
import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { ServiceName } from '../appointments';
import { useVoiceWidget, VoiceWidget, type VoiceWidgetState } from '../voice';
import { formatDay, useAppointment } from '../practitioner';
import { useEmailAlternativeLink } from './api';
import { customerOnline } from './online';

type PanelT = TFunction<'call-panel'>;

const addressOf = (p: BookingUser) => [p.street_address, p.extended_address, p.locality, p.region, p.postal_code, p.country].filter(Boolean).join(', ');

/** The customer's page of the appointment, as the customer opens it (with their e-mailed link's token, which staff never hold). */
const joiningLinkOf = (appointmentId: string) => `${window.location.origin}/appointment?${new URLSearchParams({ appointmentId }).toString()}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

function Person({ person, number, t, voice }: { person: BookingUser; number: number; t: PanelT; voice: VoiceWidgetState }) {
  const name = `${person.first_name} ${person.last_name}`;
  const headingId = useId();
  const { t: voiceT } = useTranslation('voice');
  // Phone calls when a provider is configured (the app call beside them), else the customer's Vireo page rings.
  const idle = voice.state === 'ready' && voice.call === null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 600 }}>
        {t('person', { number })}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <Row label={t('name')}>
          {name}
          {person.minor && <Chip size="small" color="warning" label={t('minor')} sx={{ ml: 1 }} />}
        </Row>
        <Row label={t('dateOfBirth')}>{formatDay(person.date_of_birth)}</Row>
        <Row label={t('phone')}>
          {person.phone ? (
            <>
              {person.phone}
              <IconButton
                size="small"
                color="primary"
                onClick={() => void voice.dial({ id: person.id, name }, voice.phoneCalls ? 'phone' : 'app')}
                disabled={!idle}
                aria-label={t('call', { name })}
                sx={{ ml: 1 }}
              >
                <PhoneIcon fontSize="small" />
              </IconButton>
              {voice.phoneCalls && (
                <IconButton size="small" color="primary" onClick={() => void voice.dial({ id: person.id, name }, 'app')} disabled={!idle} aria-label={voiceT('ringInApp', { name })}>
                  <HeadsetMicIcon fontSize="small" />
                </IconButton>
              )}
            </>
          ) : (
            t('none')
          )}
        </Row>
        <Row label={t('email')}>{person.email}</Row>
        <Row label={t('address')}>{addressOf(person) || t('none')}</Row>
      </Box>
    </Box>
  );
}

function OnlineDot({ online, t }: { online: boolean; t: PanelT }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 2 }} role="status">
      <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: online ? 'success.main' : 'grey.500' }} />
      <Typography variant="body2">{online ? t('online') : t('offline')}</Typography>
    </Stack>
  );
}

function Links({ appointment, t }: { appointment: Appointment; t: PanelT }) {
  const { showToast } = useToast();
  const emailAlternative = useEmailAlternativeLink();
  const link = joiningLinkOf(appointment.id);
  const copy = () => {
    navigator.clipboard.writeText(link).then(
      () => showToast(t('copied'), 'success'),
      () => showToast(t('copyFailed'), 'error'),
    );
  };
  const send = () =>
    emailAlternative.mutate(appointment.id, {
      onSuccess: () => showToast(t('alternativeSent'), 'success'),
      onError: (error) => showToast(error.message || t('failed'), 'error'),
    });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField label={t('joiningLink')} value={link} helperText={t('joiningLinkHint')} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
        <IconButton onClick={copy} aria-label={t('copy')} color="primary">
          <ContentCopyIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {appointment.alternative_video_link && (
          <Button variant="outlined" href={appointment.alternative_video_link} target="_blank" rel="noopener noreferrer">
            {t('joinAlternative')}
          </Button>
        )}
        {appointment.alternative_video_available && (
          <Button variant="outlined" onClick={send} disabled={emailAlternative.isPending}>
            {t('emailAlternative')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The customer details block of the practitioner's appointment panel (spec 2 §2.4): the product,
 * each person's name (with a minor marker), date of birth, phone with a call button (the call widget,
 * `features/voice`, ringing the customer's open Vireo page), e-mail and
 * address; whether the customer is in the call (spec 2 §4.1, kept current by the `appointments`
 * live topic); the customer's joining link to copy; the alternative video link to join and to
 * e-mail. The service audits each read of the people's details.
 */
export function CustomerDetailsPanel({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('call-panel');
  const query = useAppointment(appointmentId);
  const appointment = query.data;
  const headingId = useId();
  const voice = useVoiceWidget();
  if (query.isError) return <Alert severity="error">{t('notFound')}</Alert>;
  if (!appointment) return <PageLoader />;
  return (
    <Accordion defaultExpanded disableGutters component="section" aria-labelledby={headingId} slots={{ heading: 'h2' }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${headingId}-content`}>
        <Typography component="span" variant="h6" id={headingId}>
          {t('customerDetails')}
        </Typography>
        <OnlineDot online={customerOnline(appointment.status_changes)} t={t} />
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-content`}>
        <Stack spacing={2}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, m: 0 }}>
            <Row label={t('product')}>
              <ServiceName code={appointment.type} />
            </Row>
          </Box>
          <VoiceWidget voice={voice} />
          {appointment.booking_users.map((person, index) => (
            <Person key={person.id} person={person} number={index + 1} t={t} voice={voice} />
          ))}
          <Links appointment={appointment} t={t} />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
