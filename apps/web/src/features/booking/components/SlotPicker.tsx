import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING, londonCalendarDate, type CalendarDate, type Slot } from '@vireo/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useAvailableDates, useSlots, type CallContext } from '../api';
import { useBookingTexts } from '../texts';
import { calendarWindow, formatCalendarDate, formatDate, formatTime, parseDayString, toDayString, zoneLabel } from '../time';
import type { SlotHold } from '../useSlotHold';
import { DayCalendar } from './DayCalendar';
import { HoldCountdown } from './HoldCountdown';

export interface SlotPickerProps {
  service: string;
  group?: string | undefined;
  user?: string | undefined;
  context: CallContext;
  hold: SlotHold;
  /** Zone the times are shown in: Europe/London unless the booking has its own. */
  timeZone?: string;
}

/** Same-day slots must start more than 30 minutes from now; the server says so too, this keeps a stale list honest. */
function bookableNow(slot: Slot): boolean {
  return slot.start_time * 1000 > Date.now() + BOOKING.sameDayLeadMinutes * 60_000;
}

/**
 * 'Select Date and Time' (spec 2 §2.6, §5, §9): a calendar from today to 40 days ahead with days
 * without appointments disabled, that day's slots (18 at first, then Show more), and the hold.
 */
export function SlotPicker({ service, group, user, context, hold, timeZone = BOOKING.timeZone }: SlotPickerProps) {
  const { t, messageText, dateLocale } = useBookingTexts();
  const timesHeadingId = useId();
  const [{ first, last, openedAt }] = useState(() => ({ ...calendarWindow(new Date()), openedAt: Math.floor(Date.now() / 1000) }));
  const dates = useAvailableDates(service, toDayString(first), toDayString(last), context);
  const open = useMemo(() => new Set(dates.data?.dates.filter((d) => d.has_appointments).map((d) => d.date) ?? []), [dates.data]);
  // Coming back to this step with a hold, the calendar opens on the held time's day.
  const [chosenDay, setDay] = useState<CalendarDate | null>(() => (hold.slot ? londonCalendarDate(new Date(hold.slot.start_time * 1000)) : null));
  const [showAll, setShowAll] = useState(false);
  // Until the visitor picks a day, show the first day that has appointments, so times appear straight away.
  const firstOpen = dates.data?.dates.find((d) => d.has_appointments)?.date;
  const day = chosenDay ?? (firstOpen ? parseDayString(firstOpen) : null);

  const slots = useSlots(day ? { service, date: toDayString(day), group, user } : null, context);
  // The held time is LOCKED on the server, so a fresh list leaves it out: it stays listed and selected here.
  const held = hold.slot;
  const heldShown = held && day && toDayString(londonCalendarDate(new Date(held.start_time * 1000))) === toDayString(day) && !(slots.data ?? []).some((s) => s.id === held.id);
  const bookable = [...(slots.data ?? []).filter(bookableNow), ...(heldShown ? [held] : [])].sort((a, b) => a.start_time - b.start_time);
  const shown = showAll ? bookable : bookable.slice(0, BOOKING.slotsShownFirst);
  const { refetch } = slots;
  const holdError = hold.error;
  // A time someone else took disappears from the list when the hold is refused.
  useEffect(() => {
    if (holdError) void refetch();
  }, [holdError, refetch]);

  const chooseDay = (next: CalendarDate) => {
    if (day && toDayString(day) === toDayString(next)) return;
    hold.release();
    setShowAll(false);
    setDay(next);
  };

  const zone = zoneLabel(timeZone, bookable[0]?.start_time ?? openedAt);
  return (
    <Stack spacing={2}>
      <DayCalendar
        label={t('slots.calendarLabel')}
        value={day}
        onChange={chooseDay}
        first={first}
        last={last}
        isOpen={(date) => open.has(toDayString(date))}
        loading={dates.isPending}
        locale={dateLocale}
        previousMonthLabel={t('slots.previousMonth')}
        nextMonthLabel={t('slots.nextMonth')}
      />
      {dates.isError && <Alert severity="error">{messageText(dates.error.message)}</Alert>}

      <Box component="section" aria-labelledby={timesHeadingId}>
        <Typography id={timesHeadingId} component="h2" variant="h6" gutterBottom>
          {day ? t('slots.timesFor', { date: formatCalendarDate(day, dateLocale) }) : t('slots.timesLabel')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('slots.shownIn', { zone })}
        </Typography>
        {!day && !dates.isPending && <Typography>{open.size === 0 ? t('slots.none') : t('slots.pickDay')}</Typography>}
        {day && slots.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{t('slots.loading')}</Typography>
          </Stack>
        )}
        {slots.isError && <Alert severity="error">{messageText(slots.error.message)}</Alert>}
        {day && slots.isSuccess && bookable.length === 0 && <Typography>{t('slots.none')}</Typography>}
        {shown.length > 0 && (
          <Box role="group" aria-label={t('slots.timesLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {shown.map((slot) => {
              const selected = hold.slot?.id === slot.id;
              return (
                <Button
                  key={slot.id}
                  variant={selected ? 'contained' : 'outlined'}
                  aria-pressed={selected}
                  disabled={hold.pending}
                  onClick={() => void hold.choose(slot)}
                  sx={{ minWidth: 88 }}
                >
                  {formatTime(slot.start_time, timeZone, dateLocale)}
                </Button>
              );
            })}
          </Box>
        )}
        {!showAll && bookable.length > BOOKING.slotsShownFirst && (
          <Button sx={{ mt: 1 }} onClick={() => setShowAll(true)}>
            {t('slots.showMore')}
          </Button>
        )}
      </Box>

      {hold.pending && <Typography role="status">{t('slots.holding')}</Typography>}
      {hold.error && <Alert severity="warning">{messageText(hold.error)}</Alert>}
      {held && (
        <Typography>
          {t('slots.heldSlot', { slot: `${formatDate(held.start_time, timeZone, dateLocale)}, ${formatTime(held.start_time, timeZone, dateLocale)}` })}
        </Typography>
      )}
      {held && hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
    </Stack>
  );
}
