import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type InvitationResponse, type OrganisationSymptomHistoryResponse, type RegistrationsResponse } from '@vireo/contracts';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { apiRequest } from '../../lib/api';

export const managerKeys = {
  employeeResults: ['manager', 'employee-results'] as const,
  registrations: ['manager', 'registrations'] as const,
};

export function useEmployeeResults() {
  return useQuery({
    queryKey: managerKeys.employeeResults,
    queryFn: ({ signal }) => apiRequest<typeof OrganisationSymptomHistoryResponse>('/api/userdata/organisations/symptom_history', { signal }).then((r) => r.symptom_history),
  });
}

export function useRegistrations() {
  return useQuery({
    queryKey: managerKeys.registrations,
    queryFn: ({ signal }) => apiRequest<typeof RegistrationsResponse>('/api/userdata/organisations/registrations', { signal }).then((r) => r.registrations),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (emails: string[]) => apiRequest<typeof InvitationResponse>('/api/userdata/organisations/invitations', { method: 'POST', body: { emails } }).then((r) => r.invitations),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.registrations }),
  });
}
