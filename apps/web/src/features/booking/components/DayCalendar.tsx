import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CalendarDate } from '@vireo/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, toDayString } from '../time';

export interface DayCalendarProps {
  /** The chosen day, or null. */
  value: CalendarDate | null;
  onChange: (day: CalendarDate) => void;
  /** The first and last day that may be chosen; the months shown are theirs and those between. */
  first: CalendarDate;
  last: CalendarDate;
  /** Whether a day in the window may be chosen (it has times). */
  isOpen: (day: CalendarDate) => boolean;
  /** While the open days load: the grid says it is busy and shows a spinner. */
  loading: boolean;
  label: string;
  /** BCP 47 locale for the month's name and the weekdays (weeks start on Monday, as in the UK and Germany). */
  locale: string;
  previousMonthLabel: string;
  nextMonthLabel: string;
}

interface Month {
  year: number;
  month: number;
}

const sameDay = (a: CalendarDate | null, b: CalendarDate | null) => a !== null && b !== null && toDayString(a) === toDayString(b);
const ordinal = (d: CalendarDate) => d.year * 10_000 + d.month * 100 + d.day;
const compare = (a: CalendarDate, b: CalendarDate) => ordinal(a) - ordinal(b);
const monthOf = (day: CalendarDate): Month => ({ year: day.year, month: day.month });
const monthIndex = (m: Month) => m.year * 12 + m.month - 1;
const daysIn = (m: Month) => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
/** Monday 0 … Sunday 6. */
const weekdayOf = (day: CalendarDate) => (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
const clamp = (day: CalendarDate, first: CalendarDate, last: CalendarDate) => (compare(day, first) < 0 ? first : compare(day, last) > 0 ? last : day);

/** The month's days in weeks of seven, Monday first, null where the week reaches into another month. */
function weeksOf(m: Month): (CalendarDate | null)[][] {
  const cells: (CalendarDate | null)[] = Array.from({ length: weekdayOf({ ...m, day: 1 }) }, () => null);
  for (let day = 1; day <= daysIn(m); day++) cells.push({ ...m, day });
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Where the keyboard moves from `day` (the ARIA date-grid keys), or null for any other key. */
function moved(day: CalendarDate, key: string): CalendarDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    case 'PageUp':
    case 'PageDown': {
      const target = { year: day.year, month: day.month + (key === 'PageUp' ? -1 : 1) };
      const m = { year: target.year + Math.floor((target.month - 1) / 12), month: ((((target.month - 1) % 12) + 12) % 12) + 1 };
      return { ...m, day: Math.min(day.day, daysIn(m)) };
    }
    default:
      return null;
  }
}

/**
 * A month grid for choosing a day within a window (the booking's 'Select Date and Time'): the ARIA
 * date-grid pattern, one tab stop on the chosen (or first open) day, arrows, Home, End and Page keys
 * moving it, Enter or Space choosing. Days without times stay focusable but cannot be chosen.
 * Lighter than MUI X's DateCalendar, which with its adapter weighed some 27 KB on the public /book page.
 */
export function DayCalendar({ value, onChange, first, last, isOpen, loading, label, locale, previousMonthLabel, nextMonthLabel }: DayCalendarProps) {
  const titleId = useId();
  const [view, setView] = useState<Month>(() => monthOf(value ?? first));
  const [focused, setFocused] = useState<CalendarDate | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const keyboard = useRef(false);

  // A day chosen elsewhere (coming back to the step with a hold) shows its month.
  const valueKey = value ? toDayString(value) : null;
  const [shownValue, setShownValue] = useState(valueKey);
  if (valueKey !== shownValue) {
    setShownValue(valueKey);
    if (value) setView(monthOf(value));
  }

  useEffect(() => {
    if (!keyboard.current || !focused) return;
    keyboard.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${toDayString(focused)}"]`)?.focus();
  }, [focused]);

  const inWindow = (day: CalendarDate) => compare(day, first) >= 0 && compare(day, last) <= 0;
  const choosable = (day: CalendarDate) => inWindow(day) && isOpen(day);
  const weeks = weeksOf(view);
  const days = weeks.flat().filter((day): day is CalendarDate => day !== null);
  // The one tab stop: the day last moved to, else the chosen day, else the first that can be chosen, else the first in the window.
  const tabStop =
    [focused, value].find((day) => day && day.year === view.year && day.month === view.month && inWindow(day)) ??
    days.find(choosable) ??
    days.find(inWindow) ??
    null;

  const showMonth = (m: Month) => {
    setView(m);
    setFocused(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: CalendarDate) => {
    const next = moved(day, event.key);
    if (!next) return;
    event.preventDefault();
    const target = clamp(next, first, last);
    keyboard.current = true;
    setView(monthOf(target));
    setFocused(target);
  };

  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(view.year, view.month - 1, 1)));
  const weekday = (index: number, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index)));
  const canGoBack = monthIndex(view) > monthIndex(monthOf(first));
  const canGoOn = monthIndex(view) < monthIndex(monthOf(last));

  return (
    <Box sx={{ maxWidth: 340 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label={previousMonthLabel} disabled={!canGoBack} onClick={() => showMonth({ year: view.month === 1 ? view.year - 1 : view.year, month: view.month === 1 ? 12 : view.month - 1 })}>
          <ChevronLeft />
        </IconButton>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} aria-live="polite" sx={{ fontWeight: 500 }}>
            {monthName}
          </Typography>
          {loading && <CircularProgress size={16} aria-hidden="true" />}
        </Stack>
        <IconButton aria-label={nextMonthLabel} disabled={!canGoOn} onClick={() => showMonth({ year: view.month === 12 ? view.year + 1 : view.year, month: view.month === 12 ? 1 : view.month + 1 })}>
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box component="table" role="grid" ref={grid} aria-label={`${label}, ${monthName}`} aria-busy={loading} sx={{ width: '100%', borderCollapse: 'collapse', textAlign: 'center' }}>
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, index) => (
              <Box component="th" key={index} scope="col" abbr={weekday(index, 'long')} sx={{ fontWeight: 400, fontSize: '0.75rem', color: 'text.secondary', pb: 0.5 }}>
                {weekday(index, 'short')}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) =>
                day === null ? (
                  <td key={column} role="presentation" />
                ) : (
                  <DayCell
                    key={column}
                    day={day}
                    selected={sameDay(day, value)}
                    enabled={choosable(day)}
                    tabbable={sameDay(day, tabStop)}
                    onChoose={() => choosable(day) && onChange(day)}
                    onKeyDown={(event) => onKeyDown(event, day)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function DayCell({ day, selected, enabled, tabbable, onChoose, onKeyDown }: { day: CalendarDate; selected: boolean; enabled: boolean; tabbable: boolean; onChoose: () => void; onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void }) {
  return (
    <td role="presentation">
      <Box
        component="button"
        type="button"
        role="gridcell"
        data-day={toDayString(day)}
        aria-selected={selected}
        aria-disabled={!enabled}
        tabIndex={tabbable ? 0 : -1}
        onClick={onChoose}
        onKeyDown={onKeyDown}
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: 0,
          font: 'inherit',
          cursor: enabled ? 'pointer' : 'default',
          bgcolor: selected ? 'primary.main' : 'transparent',
          color: selected ? 'primary.contrastText' : enabled ? 'text.primary' : 'text.disabled',
          '&:hover': enabled && !selected ? { bgcolor: 'action.hover' } : undefined,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {day.day}
      </Box>
    </td>
  );
}
