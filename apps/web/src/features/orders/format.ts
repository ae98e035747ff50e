const PLACED = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

/** An instant (epoch seconds) as London's date and time: '27 Nov 2026, 09:30'. */
export function formatPlaced(epochSeconds: number): string {
  return PLACED.format(new Date(epochSeconds * 1000));
}
