import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';

/** A booking's calendar event: one VEVENT in UTC, written by ical-generator (RFC 5545). */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  organizerEmail?: string;
  organizerName?: string;
  /** CANCELLED sends a cancellation that calendar apps apply to the same UID. */
  status?: 'CONFIRMED' | 'CANCELLED';
  sequence?: number;
}

/** The .ics attachment of a booking e-mail: the event, with a reminder 30 minutes before. */
export function buildIcs(event: CalendarEvent, productName: string): string {
  const cancelled = event.status === 'CANCELLED';
  const calendar = ical({
    prodId: { company: productName, product: 'Booking', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence ?? 0,
    stamp: event.stamp,
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    location: event.location ?? null,
    url: event.url ?? null,
    organizer: event.organizerEmail ? { name: event.organizerName ?? productName, email: event.organizerEmail } : null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    alarms: [{ type: ICalAlarmType.display, trigger: 30 * 60, description: 'Reminder' }],
  });
  // RFC 5545 ends every content line, the last one included, with CRLF; ical-generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}
