import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  InfoPage,
  type InfoPageRequest,
  type MessageResponse,
  type PageResponse,
  type PagesResponse,
  type PartnerData,
  type PartnerResponse,
  type PartnersResponse,
  type ProductsResponse,
  type PublishedPageResponse,
} from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

const BASE = '/api/commerce/v1';
const PAGES = ['pages'] as const;

export function usePages() {
  return useQuery({ queryKey: PAGES, queryFn: ({ signal }) => apiRequest<typeof PagesResponse>(`${BASE}/page`, { signal }).then((r) => r.pages) });
}

/** An info page with its Markdown, for the edit form. */
export function useInfoPage(id: string | null) {
  return useQuery({
    queryKey: [...PAGES, id],
    queryFn: ({ signal }) => apiRequest<typeof PageResponse>(`${BASE}/page/${encodeURIComponent(id!)}`, { signal }).then((r) => InfoPage.parse(r.page)),
    enabled: id !== null,
    retry: false,
  });
}

export function usePageMutations() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: PAGES });
  const save = useSubmitMutation({
    mutationFn: ({ id, body }: { id: string | null; body: InfoPageRequest }) =>
      apiRequest<typeof PageResponse>(id ? `${BASE}/page/${encodeURIComponent(id)}` : `${BASE}/page`, { method: id ? 'PUT' : 'POST', body }),
    onSuccess: settle,
  });
  const remove = useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof MessageResponse>(`${BASE}/page/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: settle,
  });
  return { save, remove };
}

/** A published info page, rendered by the server (public). */
export function usePublishedPage(slug: string) {
  return useQuery({
    queryKey: ['info', slug],
    queryFn: ({ signal }) => apiRequest<typeof PublishedPageResponse>(`${BASE}/info/${encodeURIComponent(slug)}`, { signal, signOutOnAuthError: false }).then((r) => r.page),
    retry: false,
  });
}

const PARTNERS = ['partners'] as const;

/** Every partner with its code prefixes (Pages Management). */
export function usePartners() {
  return useQuery({ queryKey: PARTNERS, queryFn: ({ signal }) => apiRequest<typeof PartnersResponse>(`${BASE}/partner`, { signal }).then((r) => r.data) });
}

/** The products on sale, for the products a partner takes codes for. */
export function usePartnerProducts() {
  return useQuery({ queryKey: [...PARTNERS, 'products'], queryFn: ({ signal }) => apiRequest<typeof ProductsResponse>(`${BASE}/product`, { signal }).then((r) => r.data) });
}

export function useSavePartner() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PartnerData }) =>
      apiRequest<typeof PartnerResponse>(id ? `${BASE}/partner/${encodeURIComponent(id)}` : `${BASE}/partner`, { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PARTNERS }),
  });
}
