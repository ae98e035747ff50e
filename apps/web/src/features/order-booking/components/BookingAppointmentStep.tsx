import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING, BOOKING_MSG, inBookingWindow, londonCalendarDate, UK_TIME_ZONE, type BookingWindow, type BookingWindowResult, type Slot } from '@vireo/contracts';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatDate, formatTime, HoldCountdown, toDayString, type SlotHold } from '../../booking';
import { useOrderSlots, type OrderSlotSearch } from '../api';
import { useOrderBookingTexts } from '../texts';
import type { OrderBookingValues } from '../types';
import { WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

/** Same-day slots must start more than 30 minutes from now (spec 2 §9); the server says so too. */
function bookableNow(slot: Slot): boolean {
  return slot.start_time * 1000 > Date.now() + BOOKING.sameDayLeadMinutes * 60_000;
}

const dayOf = (slot: Slot) => toDayString(londonCalendarDate(new Date(slot.start_time * 1000)));

/**
 * The window's slots (the server keeps to the order line's window, and so does this list), by London day, in UK
 * time; the held one stays listed (LOCKED, the server leaves it out).
 */
function WindowSlots({ search, window, hold }: { search: OrderSlotSearch; window: BookingWindow; hold: SlotHold }) {
  const { t, dateLocale, messageText } = useOrderBookingTexts();
  const headingId = useId();
  const slots = useOrderSlots(search);
  const held = hold.slot;
  const listed = (slots.data ?? []).filter((slot) => inBookingWindow(window, slot.start_time) && bookableNow(slot));
  const shown = [...listed, ...(held && !listed.some((slot) => slot.id === held.id) ? [held] : [])].sort((a, b) => a.start_time - b.start_time);
  const days = [...new Set(shown.map(dayOf))];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t('appointment.times')}
      </Typography>
      {slots.isPending && <CircularProgress size={20} aria-label={t('appointment.loading')} />}
      {slots.isError && <Alert severity="error">{messageText(slots.error.message)}</Alert>}
      {slots.isSuccess && shown.length === 0 && <Typography>{messageText(BOOKING_MSG.noAvailableSlots)}</Typography>}
      <Stack spacing={2}>
        {days.map((day) => {
          const ofDay = shown.filter((slot) => dayOf(slot) === day);
          const label = formatDate(ofDay[0]!.start_time, UK_TIME_ZONE, dateLocale);
          return (
            <Box key={day} role="group" aria-label={label}>
              <Typography component="h3" variant="subtitle1" gutterBottom>
                {label}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {ofDay.map((slot) => {
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
        })}
      </Stack>
    </Box>
  );
}

export interface BookingAppointmentStepProps {
  form: UseFormReturn<OrderBookingValues>;
  /** The appointment date decides the window (every product but the Fit to Fly test). */
  asksDate: boolean;
  window: BookingWindowResult;
  search: OrderSlotSearch;
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
          <WindowSlots search={search} window={window.window} hold={hold} />
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
        {/* Busy while the chosen time's hold is on its way: a Next pressed then would find no hold and be lost. */}
        <NextButton onClick={next} loading={hold.pending} />
      </StepActions>
    </Stack>
  );
}
