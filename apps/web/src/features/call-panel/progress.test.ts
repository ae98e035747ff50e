import type { Appointment, BookingUser } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { certificateSent, initialProgress, isAntigen, lastStatusOnHold } from './progress';

const person = (metadata: Record<string, unknown>) => ({ id: 'p', first_name: 'Ada', last_name: 'Lovelace', email: 'a@b.co', phone: null, date_of_birth: 0, minor: false, metadata }) as BookingUser;
const appointment = (test_type: string, people: BookingUser[], changes: string[] = []) =>
  ({ test_type, booking_users: people, status_changes: changes.map((changed_to, i) => ({ changed_to, created_at: i })) }) as unknown as Appointment;

describe('the panel’s progress', () => {
  it('takes the two antigen steps by the first person’s test type, else the appointment’s', () => {
    expect(isAntigen(appointment('Antigen', [person({})]))).toBe(true);
    expect(isAntigen(appointment('Antigen', [person({ test_type: 'PCR' })]))).toBe(false);
    expect(isAntigen(appointment('PCR', [person({ test_type: 'antigen' })]))).toBe(true);
  });

  it('knows when the last status change put the appointment on hold', () => {
    expect(lastStatusOnHold(appointment('Antigen', [], ['PRACTITIONER_ATTENDED', 'ON_HOLD']))).toBe(true);
    expect(lastStatusOnHold(appointment('Antigen', [], ['ON_HOLD', 'PRACTITIONER_ATTENDED']))).toBe(false);
    expect(lastStatusOnHold(appointment('Antigen', []))).toBe(false);
  });

  it('starts from what the record holds', () => {
    expect(initialProgress(person({ sample_taken: 'invalid' })).sampleTaken).toBe('invalid');
    expect(initialProgress(person({ sample_taken: 'maybe' })).sampleTaken).toBeNull();
    expect(certificateSent(person({ result: 'Negative' }))).toBe(true);
    expect(certificateSent(person({}))).toBe(false);
  });
});
