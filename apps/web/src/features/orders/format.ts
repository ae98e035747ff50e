const PLACED = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium' });

/** An instant (epoch seconds) as London's date and time: '27 Nov 2026, 09:30'. */
export function formatPlaced(epochSeconds: number): string {
  return PLACED.format(new Date(epochSeconds * 1000));
}

/** An instant (epoch seconds) as London's date: '27 Nov 2026'. */
export function formatDay(epochSeconds: number): string {
  return DAY.format(new Date(epochSeconds * 1000));
}
