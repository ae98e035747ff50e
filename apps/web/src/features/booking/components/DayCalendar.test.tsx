// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CalendarDate } from '@vireo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayCalendar } from './DayCalendar';

afterEach(cleanup);

const first: CalendarDate = { year: 2026, month: 11, day: 26 };
const last: CalendarDate = { year: 2027, month: 1, day: 5 };
/** Open every day but Sundays and 28 November. */
const isOpen = (day: CalendarDate) => new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() !== 0 && !(day.month === 11 && day.day === 28);

function calendar(value: CalendarDate | null = null, onChange = vi.fn()) {
  render(
    <DayCalendar value={value} onChange={onChange} first={first} last={last} isOpen={isOpen} loading={false} label="Appointment date" locale="en-GB" previousMonthLabel="Previous month" nextMonthLabel="Next month" />,
  );
  return onChange;
}
const day = (n: number) => screen.getByRole('gridcell', { name: String(n) });

describe('DayCalendar', () => {
  it("shows the window's first month from Monday, with the days before the window and without times unchoosable", () => {
    const onChange = calendar();
    expect(screen.getByRole('grid', { name: 'Appointment date, November 2026' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getAllByRole('gridcell')).toHaveLength(30);
    expect(day(25).getAttribute('aria-disabled')).toBe('true');
    expect(day(28).getAttribute('aria-disabled')).toBe('true');
    expect(day(29).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(day(25));
    fireEvent.click(day(28));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(day(27));
    expect(onChange).toHaveBeenCalledWith({ year: 2026, month: 11, day: 27 });
  });

  it('offers one tab stop: the chosen day, else the first day with times', () => {
    calendar();
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0).map((cell) => cell.textContent)).toEqual(['26']);
    cleanup();
    calendar({ year: 2026, month: 11, day: 30 });
    expect(day(30).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0).map((cell) => cell.textContent)).toEqual(['30']);
  });

  it('pages between the months of the window only', () => {
    calendar();
    const previous = screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(screen.getByRole('grid', { name: 'Appointment date, December 2026' })).toBeTruthy();
    fireEvent.click(next);
    expect(screen.getByRole('grid', { name: 'Appointment date, January 2027' })).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(day(6).getAttribute('aria-disabled')).toBe('true');
  });

  it('moves focus with the arrow, Home, End and Page keys, across months and never out of the window', () => {
    calendar({ year: 2026, month: 11, day: 30 });
    day(30).focus();
    fireEvent.keyDown(day(30), { key: 'ArrowRight' });
    expect(screen.getByRole('grid', { name: 'Appointment date, December 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day(1));
    fireEvent.keyDown(day(1), { key: 'End' });
    expect(document.activeElement).toBe(day(6));
    fireEvent.keyDown(day(6), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day(13));
    fireEvent.keyDown(day(13), { key: 'PageDown' });
    expect(screen.getByRole('grid', { name: 'Appointment date, January 2027' })).toBeTruthy();
    expect(document.activeElement).toBe(day(5));
    fireEvent.keyDown(day(5), { key: 'PageUp' });
    fireEvent.keyDown(day(5), { key: 'PageUp' });
    expect(screen.getByRole('grid', { name: 'Appointment date, November 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day(26));
  });
});
