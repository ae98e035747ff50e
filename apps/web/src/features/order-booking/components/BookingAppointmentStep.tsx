import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING, BOOKING_MSG, inBookingWindow, londonCalendarDate, londonMidnight, UK_TIME_ZONE, type BookingWindow, type BookingWindowResult, type Slot } from '@vireo/contracts';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatDate, formatTime, HoldCountdown, toDayString, type SlotHold } from '../../booking';
import { useOrderSlots, type OrderSlotSearch } from '../api';
import { useOrderBookingTexts } from '../texts';
import type { OrderBookingValues } from '../types';
import { WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

const DAY = 86_400;

/** dd-MM-yyyy as a calendar date. */
function parseDayString(day: string) {
  const [dd, mm, yyyy] = day.split('-').map(Number) as [number, number, number];
  return { year: yyyy, month: mm, day: dd };
}

/** The London days a window touches (dd-MM-yyyy; a window spans at most four). */
function daysOf(window: BookingWindow): string[] {
  const days: string[] = [];
  for (let at = window.from; at < window.to + DAY; at += DAY) {
    const day = toDayString(londonCalendarDate(new Date(Math.min(at, window.to) * 1000)));
    if (!days.includes(day)) days.push(day);
  }
  return days;
}

/** Same-day slots must start more than 30 minutes from now (spec 2 §9); the server says so too. */
function bookableNow(slot: Slot): boolean {
  return slot.start_time * 1000 > Date.now() + BOOKING.sameDayLeadMinutes * 60_000;
}

/** One day's slots inside the window, in UK time; the held one stays listed (LOCKED, the server leaves it out). */
function DaySlots({ search, window, hold }: { search: OrderSlotSearch; window: BookingWindow; hold: SlotHold }) {
  const { t, dateLocale, messageText } = useOrderBookingTexts();
  const headingId = useId();
  const slots = useOrderSlots(search);
  const held = hold.slot;
  const listed = (slots.data ?? []).filter((slot) => inBookingWindow(window, slot.start_time) && bookableNow(slot));
  const heldHere = held && toDayString(londonCalendarDate(new Date(held.start_time * 1000))) === search.date && !listed.some((slot) => slot.id === held.id);
  const shown = [...listed, ...(heldHere ? [held] : [])].sort((a, b) => a.start_time - b.start_time);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" gutterBottom>
        {formatDate(londonMidnight(parseDayString(search.date)) + 12 * 3600, UK_TIME_ZONE, dateLocale)}
      </Typography>
      {slots.isPending && <CircularProgress size={20} aria-label={t('appointment.loading')} />}
      {slots.isError && <Alert severity="error">{messageText(slots.error.message)}</Alert>}
      {slots.isSuccess && shown.length === 0 && <Typography>{messageText(BOOKING_MSG.noAvailableSlots)}</Typography>}
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
    </Box>
  );
}

export interface BookingAppointmentStepProps {
  form: UseFormReturn<OrderBookingValues>;
  /** The appointment date decides the window (every product but the Fit to Fly test). */
  asksDate: boolean;
  window: BookingWindowResult;
  /** The slot search but its day. */
  search: Omit<OrderSlotSearch, 'date'>;
  hold: SlotHold;
  expired: boolean;
  onNext: () => void;
  onBack: () => void;
}

/**
 * 'Booking Appointment' (spec 2 §4.2, §9): the appointment date where the product's window follows it, the
 * window's slots (UK time), a chosen one held for 30 minutes with its countdown; Next without one says
 * 'You should select appointment time'.
 */
export function BookingAppointmentStep({ form, asksDate, window, search, hold, expired, onNext, onBack }: BookingAppointmentStepProps) {
  const { t, messageText, dateLocale } = useOrderBookingTexts();
  const [missing, setMissing] = useState(false);
  const next = () => {
    if (!hold.slot) {
      setMissing(true);
      return;
    }
    onNext();
  };
  const days = window.ok ? daysOf(window.window) : [];
  return (
    <Stack spacing={3}>
      {expired && <Alert severity="warning">{messageText(BOOKING_MSG.holdExpired)}</Alert>}
      {asksDate && <WizardText control={form.control} name="appointmentDate" label={t('appointment.date')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />}
      {window.ok ? (
        <>
          <Typography>
            {t('appointment.window', {
              from: `${formatDate(window.window.from, UK_TIME_ZONE, dateLocale)} ${formatTime(window.window.from, UK_TIME_ZONE, dateLocale)}`,
              to: `${formatDate(window.window.to, UK_TIME_ZONE, dateLocale)} ${formatTime(window.window.to, UK_TIME_ZONE, dateLocale)}`,
            })}
          </Typography>
          {days.map((day) => (
            <DaySlots key={day} search={{ ...search, date: day }} window={window.window} hold={hold} />
          ))}
        </>
      ) : (
        <Alert severity="info">{messageText(window.message)}</Alert>
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
