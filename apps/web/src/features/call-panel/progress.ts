import type { Appointment, BookingUser, SECURITY_DOCUMENTS } from '@vireo/contracts';
import type { SampleTaken } from './certificate';

/** What the panel's steps found out about one person, carried to the certificate. */
export interface Progress {
  /** The customer is not there: the ID check is skipped and only a rejection can follow. */
  notThere: boolean;
  securityDocument: (typeof SECURITY_DOCUMENTS)[number] | '';
  sampleTaken: SampleTaken | null;
  invalidReason: string;
  /** The approved kit's id. */
  kitId: string | null;
  /** A photo of the test result was uploaded in this panel. */
  hasPhoto: boolean;
}

const SAMPLES: readonly string[] = ['valid', 'invalid', 'rejected'];

export function initialProgress(person: BookingUser): Progress {
  const sample = person.metadata.sample_taken;
  return {
    notThere: false,
    securityDocument: '',
    sampleTaken: typeof sample === 'string' && SAMPLES.includes(sample) ? (sample as SampleTaken) : null,
    invalidReason: '',
    kitId: null,
    hasPhoto: false,
  };
}

/**
 * The test type the panel works to: the first person's own (a booking may name it per person),
 * else the appointment's. Antigen appointments take the two-step panel (spec 2 §2.4).
 */
export function isAntigen(appointment: Appointment): boolean {
  const own = appointment.booking_users[0]?.metadata.test_type;
  const testType = typeof own === 'string' && own ? own : appointment.test_type;
  return testType.toLowerCase() === 'antigen';
}

/** Whether the last status change of the appointment put it on hold (spec 2 §4.1). */
export function lastStatusOnHold(appointment: Appointment): boolean {
  return appointment.status_changes.at(-1)?.changed_to === 'ON_HOLD';
}

/** Whether the person's certificate has been generated (the result is on their record). */
export function certificateSent(person: BookingUser): boolean {
  return typeof person.metadata.result === 'string' && person.metadata.result !== '';
}
