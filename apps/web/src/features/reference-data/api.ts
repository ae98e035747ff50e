import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChangeHistoryResponse,
  CountriesResponse,
  CountryResponse,
  DrugResponse,
  DrugsResponse,
  MessageResponse,
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
  return useQuery({ queryKey: COUNTRIES, queryFn: ({ signal }) => apiRequest(`${BASE}/country`, { schema: CountriesResponse, signal }).then((r) => r.countries) });
}

export function useCountry(id: string) {
  return useQuery({ queryKey: [...COUNTRIES, id], queryFn: ({ signal }) => apiRequest(`${BASE}/country/${encodeURIComponent(id)}`, { schema: CountryResponse, signal }).then((r) => r.country), retry: false });
}

export function useHistory(kind: 'country' | 'drug', id: string) {
  return useQuery({
    queryKey: ['reference-data', 'history', kind, id],
    queryFn: ({ signal }) => apiRequest(`${BASE}/${kind}/${encodeURIComponent(id)}/history`, { schema: ChangeHistoryResponse, signal }).then((r) => r.changes),
  });
}

export function useCountryMutations() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: ['reference-data'] });
  const create = useSubmitMutation({
    mutationFn: (body: CreateCountryRequest) => apiRequest(`${BASE}/country`, { method: 'POST', body, schema: CountryResponse }),
    onSuccess: settle,
  });
  const update = useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCountryRequest }) => apiRequest(`${BASE}/country/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: CountryResponse }),
    onSuccess: settle,
  });
  const remove = useSubmitMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/country/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponse }),
    onSuccess: settle,
  });
  return { create, update, remove };
}

export function useDrugs(limit: number, offset: number) {
  return useQuery({
    queryKey: [...DRUGS, limit, offset],
    queryFn: ({ signal }) => apiRequest(`${BASE}/drug?${new URLSearchParams({ limit: String(limit), offset: String(offset) }).toString()}`, { schema: DrugsResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDrug(id: string) {
  return useQuery({ queryKey: [...DRUGS, 'one', id], queryFn: ({ signal }) => apiRequest(`${BASE}/drug/${encodeURIComponent(id)}`, { schema: DrugResponse, signal }).then((r) => r.drug), retry: false });
}

export function useDrugMutations() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: ['reference-data'] });
  const create = useSubmitMutation({
    mutationFn: (body: DrugRequest) => apiRequest(`${BASE}/drug`, { method: 'POST', body, schema: DrugResponse }),
    onSuccess: settle,
  });
  const update = useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: DrugRequest }) => apiRequest(`${BASE}/drug/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: DrugResponse }),
    onSuccess: settle,
  });
  const remove = useSubmitMutation({
    mutationFn: (id: string) => apiRequest(`${BASE}/drug/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponse }),
    onSuccess: settle,
  });
  return { create, update, remove };
}
