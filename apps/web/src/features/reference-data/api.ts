import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeHistoryResponse,
  type CountriesResponse,
  type CountryResponse,
  type DrugResponse,
  type DrugsResponse,
  type MessageResponse,
  type CreateCountryRequest,
  type DrugRequest,
  type UpdateCountryRequest,
} from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

const BASE = '/api/commerce/v1';
const COUNTRIES = ['reference-data', 'countries'] as const;
const DRUGS = ['reference-data', 'drugs'] as const;

export function useCountries() {
  return useQuery({ queryKey: COUNTRIES, queryFn: ({ signal }) => apiRequest<typeof CountriesResponse>(`${BASE}/country`, { signal }).then((r) => r.countries) });
}

export function useCountry(id: string) {
  return useQuery({ queryKey: [...COUNTRIES, id], queryFn: ({ signal }) => apiRequest<typeof CountryResponse>(`${BASE}/country/${encodeURIComponent(id)}`, { signal }).then((r) => r.country), retry: false });
}

export function useHistory(kind: 'country' | 'drug', id: string) {
  return useQuery({
    queryKey: ['reference-data', 'history', kind, id],
    queryFn: ({ signal }) => apiRequest<typeof ChangeHistoryResponse>(`${BASE}/${kind}/${encodeURIComponent(id)}/history`, { signal }).then((r) => r.changes),
  });
}

export function useCountryMutations() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: ['reference-data'] });
  const create = useSubmitMutation({
    mutationFn: (body: CreateCountryRequest) => apiRequest<typeof CountryResponse>(`${BASE}/country`, { method: 'POST', body }),
    onSuccess: settle,
  });
  const update = useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCountryRequest }) => apiRequest<typeof CountryResponse>(`${BASE}/country/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: settle,
  });
  const remove = useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof MessageResponse>(`${BASE}/country/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: settle,
  });
  return { create, update, remove };
}

export function useDrugs(limit: number, offset: number) {
  return useQuery({
    queryKey: [...DRUGS, limit, offset],
    queryFn: ({ signal }) => apiRequest<typeof DrugsResponse>(`${BASE}/drug?${new URLSearchParams({ limit: String(limit), offset: String(offset) }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDrug(id: string) {
  return useQuery({ queryKey: [...DRUGS, 'one', id], queryFn: ({ signal }) => apiRequest<typeof DrugResponse>(`${BASE}/drug/${encodeURIComponent(id)}`, { signal }).then((r) => r.drug), retry: false });
}

export function useDrugMutations() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: ['reference-data'] });
  const create = useSubmitMutation({
    mutationFn: (body: DrugRequest) => apiRequest<typeof DrugResponse>(`${BASE}/drug`, { method: 'POST', body }),
    onSuccess: settle,
  });
  const update = useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: DrugRequest }) => apiRequest<typeof DrugResponse>(`${BASE}/drug/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: settle,
  });
  const remove = useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof MessageResponse>(`${BASE}/drug/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: settle,
  });
  return { create, update, remove };
}
