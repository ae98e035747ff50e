import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DropboxesResponse,
  DropboxInput,
  DropboxResponse,
  DropboxSwitchAllResponse,
  DropOffRequest,
  PublicDropboxesResponse,
  ReceiptResponse,
} from '@vireo/contracts';
import { apiFile, apiRequest, saveFile } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** Sample logistics in the commerce API (spec 3 §7.1; issue 19). */
const BASE = '/api/commerce/v1';
const LOGISTICS_QUERY_KEY = ['logistics'] as const;

export function useDropboxes() {
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'dropboxes'],
    queryFn: ({ signal }) => apiRequest<typeof DropboxesResponse>(`${BASE}/dropbox`, { signal }).then((answer) => answer.data),
  });
}

export function useDropbox(id: string) {
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'dropbox', id],
    queryFn: ({ signal }) => apiRequest<typeof DropboxResponse>(`${BASE}/dropbox/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

/** Create, replace (facility and hours), switch one, switch all. */
export function useDropboxMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: LOGISTICS_QUERY_KEY });
  return {
    create: useSubmitMutation({
      mutationFn: (body: DropboxInput) => apiRequest<typeof DropboxResponse>(`${BASE}/dropbox`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    replace: useSubmitMutation({
      mutationFn: ({ id, body }: { id: string; body: DropboxInput }) => apiRequest<typeof DropboxResponse>(`${BASE}/dropbox/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    switchOne: useSubmitMutation({
      mutationFn: ({ id, active }: { id: string; active: boolean }) => apiRequest<typeof DropboxResponse>(`${BASE}/dropbox/${encodeURIComponent(id)}/switch`, { method: 'PUT', body: { active } }),
      onSuccess: refresh,
    }),
    switchAll: useSubmitMutation({
      mutationFn: (active: boolean) => apiRequest<typeof DropboxSwitchAllResponse>(`${BASE}/dropbox/switch`, { method: 'PUT', body: { active } }),
      onSuccess: refresh,
    }),
  };
}

/** Downloads a dropbox's printable QR code sheet (PNG) with the server's file name. */
export async function downloadQrSheet(id: string): Promise<void> {
  saveFile(await apiFile(`${BASE}/dropbox/${encodeURIComponent(id)}/render?format=png`, 'dropbox.png'));
}

/** The active dropboxes for the public drop-off page. */
export function useActiveDropboxes() {
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'active'],
    queryFn: ({ signal }) => apiRequest<typeof PublicDropboxesResponse>(`${BASE}/drop-off/dropboxes`, { signal, signOutOnAuthError: false }).then((answer) => answer.data),
  });
}

export function useDropOff() {
  return useSubmitMutation({
    mutationFn: (body: DropOffRequest) => apiRequest<typeof ReceiptResponse>(`${BASE}/drop-off`, { method: 'POST', body, signOutOnAuthError: false }),
  });
}
