import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InvitationResponse, OrganisationSymptomHistoryResponse, RegistrationsResponse } from '@vireo/contracts';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { apiRequest } from '../../lib/api';

export const managerKeys = {
  employeeResults: ['manager', 'employee-results'] as const,
  registrations: ['manager', 'registrations'] as const,
};

export function useEmployeeResults() {
  return useQuery({
    queryKey: managerKeys.employeeResults,
    queryFn: ({ signal }) => apiRequest('/api/userdata/organisations/symptom_history', { schema: OrganisationSymptomHistoryResponse, signal }).then((r) => r.symptom_history),
  });
}

export function useRegistrations() {
  return useQuery({
    queryKey: managerKeys.registrations,
    queryFn: ({ signal }) => apiRequest('/api/userdata/organisations/registrations', { schema: RegistrationsResponse, signal }).then((r) => r.registrations),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (emails: string[]) => apiRequest('/api/userdata/organisations/invitations', { method: 'POST', body: { emails }, schema: InvitationResponse }).then((r) => r.invitations),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.registrations }),
  });
}
