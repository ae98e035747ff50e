import { describe, expect, it } from 'vitest';
import { customerOnline } from './online';

const change = (changed_to: string, created_at: number) => ({ changed_to, created_at });

describe('customerOnline', () => {
  it('is online when the last join is later than the last leave', () => {
    expect(customerOnline([])).toBe(false);
    expect(customerOnline([change('WAITING', 1), change('PATIENT_ATTENDED', 5)])).toBe(true);
    expect(customerOnline([change('PATIENT_ATTENDED', 5), change('PATIENT_LEFT', 9)])).toBe(false);
    expect(customerOnline([change('PATIENT_ATTENDED', 5), change('PATIENT_LEFT', 9), change('PATIENT_ATTENDED', 12), change('PRACTITIONER_ATTENDED', 13)])).toBe(true);
  });

  it('orders changes of the same second as recorded', () => {
    expect(customerOnline([change('PATIENT_LEFT', 9), change('PATIENT_ATTENDED', 9)])).toBe(true);
    expect(customerOnline([change('PATIENT_ATTENDED', 9), change('PATIENT_LEFT', 9)])).toBe(false);
  });
});
