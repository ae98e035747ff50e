import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING, BOOKING_MSG, londonCalendarDate, UK_TIME_ZONE, type Slot } from '@vireo/contracts';
import { useId, useState } from 'react';
import { formatDate, formatTime, HoldCountdown, toDayString, useSlots, type CallContext, type SlotHold } from '../../booking';
import { useOrderBookingTexts } from '../texts';
import { NextButton, StepActions } from './StepActions';

/** The London days a window touches (a window spans at most four). */
function daysOf(window: { from: number; to: number }): string[] {
  const days: string[] = [];
  for (let at = window.from; at < window.to + 86_400; at += 86_400) {
    const day = toDayString(londonCalendarDate(new Date(Math.min(at, window.to) * 1000)));
    if (!days.includes(day)) days.push(day);
  }
  return days;
}

/** Same-day slots must start more than 30 minutes from now (spec 2 §9); the server says so too. */
function bookableNow(slot: Slot): boolean {
  return slot.start_time * 1000 > Date.now() + BOOKING.sameDayLeadMinutes * 60_000;
}

/** One day's slots inside the window; same-day slots more than 30 minutes ahead (spec 2 §9). */
function DaySlots({ day, service, window, context, hold }: { day: string; service: string; window: { from: number; to: number }; context: CallContext; hold: SlotHold }) {
  const { t, dateLocale, messageText } = useOrderBookingTexts();
  const headingId = useId();
  const slots = useSlots({ service, date: day }, context);
  const held = hold.slot;
  const inWindow = (slot: Slot) => slot.start_time >= window.from && slot.start_time <= window.to && bookableNow(slot);
  const listed = (slots.data ?? []).filter(inWindow);
  const heldHere = held && toDayString(londonCalendarDate(new Date(held.start_time * 1000))) === day && !listed.some((slot) => slot.id === held.id);
  const shown = [...listed, ...(heldHere ? [held] : [])].sort((a, b) => a.start_time - b.start_time);
  if (slots.isSuccess && shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" gutterBottom>
        {shown[0] ? formatDate(shown[0].start_time, UK_TIME_ZONE, dateLocale) : day}
      </Typography>
      {slots.isPending && <CircularProgress size={20} aria-label={day} />}
      {slots.isError && <Alert severity="error">{messageText(slots.error.message)}</Alert>}
      <Box role="group" aria-labelledby={headingId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {shown.map((slot) => {
          const selected = held?.id === slot.id;
          return (
            <Button key={slot.id} variant={selected ? 'contained' : 'outlined'} aria-pressed={selected} disabled={hold.pending} onClick={() => void hold.choose(slot)} sx={{ minWidth: 88 }}>
              {formatTime(slot.start_time, UK_TIME_ZONE, dateLocale)}
            </Button>
          );
        })}
      </Box>
      {slots.isSuccess && shown.length === 0 && <Typography>{t('appointment.noWindow')}</Typography>}
    </Box>
  );
}

/**
 * 'Booking Appointment' (spec 2 §4.2): the product's window's slots (UK time), a chosen one held for
 * 30 minutes with its countdown; Next without one says 'You should select appointment time'.
 */
export function BookingAppointmentStep({
  service,
  window,
  context,
  hold,
  expired,
  onNext,
  onBack,
}: {
  service: string;
  window: { from: number; to: number } | null;
  context: CallContext;
  hold: SlotHold;
  expired: boolean;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t, messageText, dateLocale } = useOrderBookingTexts();
  const [missing, setMissing] = useState(false);
  const next = () => {
    if (!hold.slot) {
      setMissing(true);
      return;
    }
    onNext();
  };
  return (
    <Stack spacing={3}>
      {expired && <Alert severity="warning">{messageText(BOOKING_MSG.holdExpired)}</Alert>}
      {window ? (
        <>
          <Typography>
            {t('appointment.window', {
              from: `${formatDate(window.from, UK_TIME_ZONE, dateLocale)} ${formatTime(window.from, UK_TIME_ZONE, dateLocale)}`,
              to: `${formatDate(window.to, UK_TIME_ZONE, dateLocale)} ${formatTime(window.to, UK_TIME_ZONE, dateLocale)}`,
            })}
          </Typography>
          {daysOf(window).map((day) => (
            <DaySlots key={day} day={day} service={service} window={window} context={context} hold={hold} />
          ))}
        </>
      ) : (
        <Typography>{t('appointment.noWindow')}</Typography>
      )}
      
      {hold.error && <Alert severity="warning">{messageText(hold.error)}</Alert>}
      {hold.slot && hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
      {missing && !hold.slot && (
        <Alert severity="error" role="alert">
          {t('appointment.selectTime')}
        </Alert>
      )}
      <StepActions onBack={onBack}>
        <NextButton onClick={next} />
      </StepActions>
    </Stack>
  );
}
