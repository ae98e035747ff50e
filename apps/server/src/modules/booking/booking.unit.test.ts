import { describe, expect, it } from 'vitest';
import { ageOn, BOOKING_MSG, CardInput, luhnValid, needsGuardian } from '@vireo/contracts';
import { ManualClock } from '../../platform/clock';
import { claimableBadgeWindow } from './claims';
import { buildIcs } from './ics';
import { TestPaymentGateway } from '../../platform/payments';
import { buildServiceCatalogue, costFor, productServiceName } from './services';
import { daysBetween, describeInZone, londonDay, londonDayBounds, onSlotBoundary, slotTimes, zonedTimeToUtc } from './time';

const epoch = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

describe('London time', () => {
  it('finds the bounds of London days in winter, summer and on the clock-change days', () => {
    expect(londonDayBounds('15-01-2026')).toEqual({ start: new Date('2026-01-15T00:00:00Z'), end: new Date('2026-01-16T00:00:00Z') });
    expect(londonDayBounds('15-07-2026')).toEqual({ start: new Date('2026-07-14T23:00:00Z'), end: new Date('2026-07-15T23:00:00Z') });
    const spring = londonDayBounds('29-03-2026')!;
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = londonDayBounds('25-10-2026')!;
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    expect(londonDayBounds('31-02-2026')).toBeNull();
  });
  it('names the London day of an instant and lists days of a range', () => {
    expect(londonDay(new Date('2026-07-14T23:30:00Z'))).toBe('15-07-2026');
    expect(daysBetween('30-12-2026', '02-01-2027')).toEqual(['30-12-2026', '31-12-2026', '01-01-2027', '02-01-2027']);
    expect(zonedTimeToUtc(2026, 7, 1, 8)).toEqual(new Date('2026-07-01T07:00:00Z'));
  });
  it('turns the London day at London midnight, on both clock-change nights and at the ends of months', () => {
    const dayOf = (iso: string) => londonDay(new Date(iso));
    expect([dayOf('2026-07-31T22:59:59Z'), dayOf('2026-07-31T23:00:00Z')]).toEqual(['31-07-2026', '01-08-2026']);
    expect([dayOf('2026-01-31T23:59:59Z'), dayOf('2026-02-01T00:00:00Z')]).toEqual(['31-01-2026', '01-02-2026']);
    expect([dayOf('2026-12-31T23:59:59Z'), dayOf('2027-01-01T00:00:00Z')]).toEqual(['31-12-2026', '01-01-2027']);
    // 29 March 2026: 00:59 GMT, then 02:00 BST; the next midnight is at 23:00 UTC.
    expect([dayOf('2026-03-29T00:59:59Z'), dayOf('2026-03-29T01:00:00Z'), dayOf('2026-03-29T22:59:59Z'), dayOf('2026-03-29T23:00:00Z')]).toEqual(['29-03-2026', '29-03-2026', '29-03-2026', '30-03-2026']);
    // 25 October 2026 starts at 23:00 UTC the day before, and 01:30 happens twice.
    expect([dayOf('2026-10-24T22:59:59Z'), dayOf('2026-10-24T23:00:00Z'), dayOf('2026-10-25T00:30:00Z'), dayOf('2026-10-25T01:30:00Z'), dayOf('2026-10-26T00:00:00Z')]).toEqual([
      '24-10-2026',
      '25-10-2026',
      '25-10-2026',
      '25-10-2026',
      '26-10-2026',
    ]);
  });
  it('bounds the London days at the ends of months, across the year end and in a leap February', () => {
    expect(londonDayBounds('31-03-2026')).toEqual({ start: new Date('2026-03-30T23:00:00Z'), end: new Date('2026-03-31T23:00:00Z') });
    expect(londonDayBounds('31-10-2026')).toEqual({ start: new Date('2026-10-31T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z') });
    expect(londonDayBounds('31-12-2026')).toEqual({ start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    expect(londonDayBounds('29-02-2028')).toEqual({ start: new Date('2028-02-29T00:00:00Z'), end: new Date('2028-03-01T00:00:00Z') });
    expect(londonDayBounds('29-02-2026')).toBeNull();
    expect(londonDayBounds('31-04-2026')).toBeNull();
    expect(daysBetween('28-03-2026', '30-03-2026')).toEqual(['28-03-2026', '29-03-2026', '30-03-2026']);
    expect(daysBetween('24-10-2026', '26-10-2026')).toEqual(['24-10-2026', '25-10-2026', '26-10-2026']);
    expect(daysBetween('27-02-2028', '01-03-2028')).toEqual(['27-02-2028', '28-02-2028', '29-02-2028', '01-03-2028']);
  });
  it('places London wall-clock times around the clock changes: a skipped time after the change, a repeated one at its later pass', () => {
    expect(zonedTimeToUtc(2026, 3, 29, 0, 30)).toEqual(new Date('2026-03-29T00:30:00Z'));
    expect(zonedTimeToUtc(2026, 3, 29, 1, 30)).toEqual(new Date('2026-03-29T01:30:00Z')); // no 01:30 that night: 02:30 BST
    expect(zonedTimeToUtc(2026, 3, 29, 8)).toEqual(new Date('2026-03-29T07:00:00Z'));
    expect(zonedTimeToUtc(2026, 10, 25, 0, 30)).toEqual(new Date('2026-10-24T23:30:00Z'));
    expect(zonedTimeToUtc(2026, 10, 25, 1, 30)).toEqual(new Date('2026-10-25T01:30:00Z')); // 01:30 GMT, not 01:30 BST
    expect(zonedTimeToUtc(2026, 10, 25, 8)).toEqual(new Date('2026-10-25T08:00:00Z'));
  });
  it('counts the claimable badge in UTC days: today to the end of the third day ahead, whatever the London date', () => {
    const window = (iso: string) => claimableBadgeWindow(new Date(iso));
    // 00:30 on 1 August in London is still 31 July in UTC.
    expect(window('2026-07-31T23:30:00Z')).toEqual({ from: new Date('2026-07-31T00:00:00Z'), to: new Date('2026-08-04T00:00:00Z') });
    expect(window('2026-02-27T12:00:00Z')).toEqual({ from: new Date('2026-02-27T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') });
    expect(window('2028-02-27T12:00:00Z')).toEqual({ from: new Date('2028-02-27T00:00:00Z'), to: new Date('2028-03-02T00:00:00Z') });
    expect(window('2026-12-30T23:59:59Z')).toEqual({ from: new Date('2026-12-30T00:00:00Z'), to: new Date('2027-01-03T00:00:00Z') });
    expect(window('2026-03-29T01:30:00Z')).toEqual({ from: new Date('2026-03-29T00:00:00Z'), to: new Date('2026-04-02T00:00:00Z') });
    expect(window('2026-10-25T00:30:00Z')).toEqual(window('2026-10-25T01:30:00Z'));
    expect(window('2026-10-25T01:30:00Z')).toEqual({ from: new Date('2026-10-25T00:00:00Z'), to: new Date('2026-10-29T00:00:00Z') });
  });
  it('cuts shifts into whole 20-minute slots on boundaries', () => {
    const start = new Date('2026-07-01T07:00:00Z');
    expect(slotTimes(start, new Date('2026-07-01T08:10:00Z'))).toHaveLength(3);
    expect(onSlotBoundary(new Date('2026-07-01T07:40:00Z'))).toBe(true);
    expect(onSlotBoundary(new Date('2026-07-01T07:30:00Z'))).toBe(false);
  });
  it('always names the zone on screen and in mail', () => {
    expect(describeInZone(new Date('2026-01-15T10:20:00Z'))).toBe('Thursday, 15 January 2026, 10:20 (Europe/London, GMT)');
    expect(describeInZone(new Date('2026-07-15T10:20:00Z'))).toBe('Wednesday, 15 July 2026, 11:20 (Europe/London, BST)');
  });
});

describe('iCalendar', () => {
  const ics = buildIcs(
    {
      uid: 'a1@vireo.test',
      start: new Date('2026-07-15T10:20:00Z'),
      end: new Date('2026-07-15T10:40:00Z'),
      stamp: new Date('2026-07-01T09:00:00Z'),
      summary: 'Vireo: Video GP consultation',
      description: `Reference VIR-ABC; manage, change or delete here: https://example.test/book/manage?appointmentId=${'x'.repeat(60)}`,
    },
    'Vireo',
  );
  it('writes one VEVENT with UTC times and CRLF lines', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Vireo//Booking//EN\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20260715T102000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20260715T104000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20260701T090000Z\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
  });
  it('escapes text and folds by octets without splitting characters', () => {
    const escaped = buildIcs({ uid: 'a2@vireo.test', start: new Date('2026-07-15T10:20:00Z'), end: new Date('2026-07-15T10:40:00Z'), stamp: new Date('2026-07-01T09:00:00Z'), summary: 'S', description: `a,b;c\\d\ne ${'é'.repeat(60)}` }, 'Vireo');
    const lines = escaped.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(0);
    expect(escaped.replace(/\r\n /g, '')).toContain(`\r\nDESCRIPTION:a\\,b\\;c\\\\d\\ne ${'é'.repeat(60)}\r\n`);
  });
});

describe('the test payment gateway', () => {
  const clock = new ManualClock(new Date('2026-06-15T12:00:00Z'));
  const gateway = new TestPaymentGateway(clock);
  const charge = (number: string, expiration_date = '12/30', cvv = '123') => gateway.charge({ amountPence: 2900, currency: 'GBP', card: { number, expiration_date, cvv }, description: 'test' });
  it('approves the test cards and the placeholder card, and refunds an approved charge once', async () => {
    for (const number of ['4242424242424242', '5555555555554444', '4111111111111111']) expect((await charge(number)).approved).toBe(true);
    const amex = await charge('378282246310005', '12/30', '1234');
    expect(amex.approved).toBe(true);
    if (!amex.approved) return;
    await gateway.refund(amex.reference);
    await expect(gateway.refund(amex.reference)).rejects.toThrow();
  });
  it('declines the declining numbers and unknown real cards; refuses bad Luhn, expiry and CVV', async () => {
    expect(await charge('4000000000000002')).toEqual({ approved: false, reason: 'declined' });
    expect(await charge('4012888888881881')).toEqual({ approved: false, reason: 'declined' });
    expect(await charge('4242424242424241')).toEqual({ approved: false, reason: 'invalid_card', field: 'number', message: BOOKING_MSG.cardNumberInvalid });
    expect(await charge('4242424242424242', '05/26')).toEqual({ approved: false, reason: 'invalid_card', field: 'expiration_date', message: BOOKING_MSG.cardExpired });
    expect(await charge('4242424242424242', '5/26')).toEqual({ approved: false, reason: 'invalid_card', field: 'expiration_date', message: BOOKING_MSG.cardExpiryFormat });
    expect((await charge('4242424242424242', '06/26')).approved).toBe(true);
    expect(await charge('4242424242424242', '12/30', '1234')).toEqual({ approved: false, reason: 'invalid_card', field: 'cvv', message: BOOKING_MSG.cvvInvalid });
  });
});

describe('booking rules', () => {
  it('checks Luhn and card formats', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(CardInput.safeParse({ number: '4242-4242-4242-4242', expiration_date: '01/30', cvv: '123' }).success).toBe(true);
    expect(CardInput.safeParse({ number: '4242424242424242', expiration_date: '13/30', cvv: '123' }).success).toBe(false);
  });
  it('needs a guardian of 18+ beside a child under 16, counting birthdays exactly', () => {
    const today = epoch(2026, 6, 15);
    expect(ageOn(epoch(2010, 6, 15), today)).toBe(16);
    expect(ageOn(epoch(2010, 6, 16), today)).toBe(15);
    expect(needsGuardian([epoch(2012, 1, 1)], today)).toBe(true);
    expect(needsGuardian([epoch(2012, 1, 1), epoch(2009, 1, 1)], today)).toBe(true);
    expect(needsGuardian([epoch(2012, 1, 1), epoch(2008, 6, 15)], today)).toBe(false);
    expect(needsGuardian([epoch(2009, 1, 1)], today)).toBe(false);
  });
  it('prices services per caller: a patient’s organisation covers video_gp', () => {
    const catalogue = buildServiceCatalogue('Vireo Health');
    expect(productServiceName('Vireo Health')).toBe('video_gp_vireohealth');
    const gp = catalogue.get('video_gp')!;
    const patient = { sessionId: 's', userId: 'u', organisationId: 'o', role: { id: 'r', name: 'patient' as const, organisationId: 'o' }, roles: [{ id: 'r', name: 'patient' as const, organisationId: 'o' }], grants: [] };
    expect(costFor(gp, null)).toBe(4500);
    expect(costFor(gp, patient)).toBe(0);
    expect(costFor(catalogue.get('video_gp_vireohealth')!, patient)).toBe(2900);
  });
});
