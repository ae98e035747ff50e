import type { HealthAssessment, KitOrder, RoleProfile, ShippingDetails } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { AssessmentRow, KitOrderRow, RoleProfileRow, ShippingRow } from './repo';

export function presentShipping(row: ShippingRow): ShippingDetails {
  return {
    id: row.id,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    organisation_profile_id: row.organisationProfileId,
  };
}

export function presentRoleProfile(profile: RoleProfileRow, shipping: ShippingRow | undefined): RoleProfile {
  return {
    id: profile.id,
    role_id: profile.roleId,
    user_id: profile.userId,
    organisation_profile_id: profile.organisationProfileId,
    name: profile.name,
    onboarding_complete: profile.onboardingComplete,
    shipping_details: shipping ? presentShipping(shipping) : null,
  };
}

export function presentAssessment(row: AssessmentRow): HealthAssessment {
  return {
    sex: row.sex,
    height: row.heightCm,
    weight: row.weightKg,
    smoking: row.smoking,
    health_conditions: row.healthConditions,
    family_health_conditions: row.familyHealthConditions,
    completed_at: epochSeconds(row.createdAt),
  };
}

export function presentOrder(row: KitOrderRow): KitOrder {
  return {
    id: row.id,
    role_profile_id: row.roleProfileId,
    appointment_date: epochSeconds(row.appointmentDate),
    status: row.status,
    created_at: epochSeconds(row.createdAt),
  };
}
