import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type HealthAssessmentInput,
  type HelpMediaResponse,
  type KitOrderResponse,
  type OnboardingState,
  type OrganisationResponse,
  type RoleProfileResponse,
  type ShippingDetailsResponse,
  type SymptomResult,
  type TestResultsResponse,
  type UserResponse,
  type ShippingDetailsInput,
  type SymptomAnswers,
  type UpdateUserRequest,
} from '@vireo/contracts';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { apiRequest } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../../lib/session';

/** Result links expire after 5 minutes; the list is refreshed before that so Download always works. */
const RESULT_LINKS_REFRESH_MS = 4 * 60_000;

export const userdataKeys = {
  all: ['userdata'] as const,
  roleProfile: ['userdata', 'role-profile'] as const,
  onboarding: ['userdata', 'onboarding'] as const,
  organisation: ['userdata', 'organisation'] as const,
  results: (roleProfileId: string) => ['userdata', 'results', roleProfileId] as const,
  helpMedia: ['userdata', 'help-media'] as const,
};

export function useRoleProfile() {
  return useQuery({
    queryKey: userdataKeys.roleProfile,
    queryFn: ({ signal }) => apiRequest<typeof RoleProfileResponse>('/api/userdata/roles', { signal }).then((r) => r.role_profile),
  });
}

export function useOnboarding() {
  return useQuery({
    queryKey: userdataKeys.onboarding,
    queryFn: ({ signal }) => apiRequest<typeof OnboardingState>('/api/userdata/roles/onboarding', { signal }),
  });
}

export function useOrganisation() {
  return useQuery({
    queryKey: userdataKeys.organisation,
    queryFn: ({ signal }) => apiRequest<typeof OrganisationResponse>('/api/userdata/organisations', { signal }).then((r) => r.organisation_profile),
  });
}

export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: ShippingDetailsInput) => apiRequest<typeof ShippingDetailsResponse>('/api/userdata/roles/shipping', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userdataKeys.all }),
  });
}

export function useSubmitAssessment() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: HealthAssessmentInput) => apiRequest<typeof OnboardingState>('/api/userdata/onboarding', { method: 'POST', body: input }),
    onSuccess: async (state) => {
      queryClient.setQueryData(userdataKeys.onboarding, state);
      await queryClient.invalidateQueries({ queryKey: userdataKeys.roleProfile });
    },
  });
}

export function useSubmitSymptoms() {
  return useSubmitMutation({
    mutationFn: (answers: SymptomAnswers) => apiRequest<typeof SymptomResult>('/api/userdata/symptom', { method: 'POST', body: answers }),
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: { role_profile_id: string; appointment_date: number }) =>
      apiRequest<typeof KitOrderResponse>('/api/userdata/order', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userdataKeys.onboarding }),
  });
}

export function useTestResults(roleProfileId: string | undefined) {
  return useQuery({
    queryKey: userdataKeys.results(roleProfileId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<typeof TestResultsResponse>(`/api/userdata/roles/results?${new URLSearchParams({ id: roleProfileId ?? '' }).toString()}`, { signal }).then((r) => r.results),
    enabled: Boolean(roleProfileId),
    refetchInterval: RESULT_LINKS_REFRESH_MS,
  });
}

export function useHelpMedia() {
  return useQuery({
    queryKey: userdataKeys.helpMedia,
    queryFn: ({ signal }) => apiRequest<typeof HelpMediaResponse>('/api/userdata/help/media', { signal }).then((r) => r.swab_video),
    staleTime: Infinity,
  });
}

/** Personal details live with the identity service (PATCH /api/identity/users/{id}). */
export function useUpdatePersonalDetails(userId: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: UpdateUserRequest) => apiRequest<typeof UserResponse>(`/api/identity/users/${userId}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
