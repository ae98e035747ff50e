import { describe, expect, it } from 'vitest';
import {
  CustomerMetadata,
  METADATA_WRITERS,
  PractitionerMetadata,
  REPORTED_RESULT_FIELDS,
  ServiceName,
  cardExpired,
  claimableBadgeText,
  isServiceName,
  metadataFieldsRefused,
} from './booking';

describe('booking-user metadata allow-lists', () => {
  it('no writer sets the reported result: only PATCH /{id}/result does', () => {
    for (const fields of Object.values(METADATA_WRITERS)) {
      for (const field of REPORTED_RESULT_FIELDS) expect(fields).not.toContain(field);
    }
  });

  it('customers set none of the sample, kit or ID checks a practitioner or kit registration records', () => {
    const customer: readonly string[] = METADATA_WRITERS.customer;
    for (const field of ['sample_taken', 'security_checked', 'kit_id', 'lot_id', 'kit_provider', 'date_sampled', 'sample_date', 'activated_by_user']) expect(customer).not.toContain(field);
  });

  it('refuses other keys with a message naming them, and keeps the writer’s own typed', () => {
    expect(CustomerMetadata.safeParse({ travel_date: '2026-03-09', transit: true }).success).toBe(true);
    const refused = CustomerMetadata.safeParse({ travel_date: '2026-03-09', result: 'Negative', sample_taken: 'valid' });
    expect(refused.error?.issues[0]?.message).toBe('The fields "result", "sample_taken" cannot be set here.');
    expect(metadataFieldsRefused(['result'])).toBe('The field "result" cannot be set here.');
    expect(PractitionerMetadata.safeParse({ sample_taken: 'maybe' }).success).toBe(false);
    expect(PractitionerMetadata.safeParse({ security_checked: true, sample_taken: 'rejected' }).success).toBe(true);
  });
});

describe('the claimable badge', () => {
  it('says "There is 1 claimable appointment" for one and the plural otherwise', () => {
    expect(claimableBadgeText(1)).toBe('There is 1 claimable appointment');
    expect(claimableBadgeText(2)).toBe('There are 2 claimable appointments');
    expect(claimableBadgeText(12)).toBe('There are 12 claimable appointments');
  });
});

describe('card expiry', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('keeps a card valid through the last day of its month', () => {
    expect(cardExpired('11/26', now)).toBe(false);
    expect(cardExpired('10/26', now)).toBe(true);
    expect(cardExpired('01/20', now)).toBe(true);
    expect(cardExpired('01/27', now)).toBe(false);
    expect(cardExpired('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });
});

describe('service names', () => {
  it.each(['video_gp', 'video_gp_vireo', ' video_gp_euro ', 'self_swab', 'video_gp_x', 'video_gp_VIREO', 'self_swab_2', 'video_gp_'])(
    "isServiceName('%s') answers what ServiceName decides",
    (name) => {
      expect(isServiceName(name)).toBe(ServiceName.safeParse(name).success);
    },
  );
});
