import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionDropboxResponse,
  CollectionResponse,
  CollectionSearchResponse,
  DropboxReceiptsResponse,
  DropboxesResponse,
  DropboxInput,
  DropboxResponse,
  DropboxSwitchAllResponse,
  DropOffRequest,
  PickupsResponse,
  PublicDropboxesResponse,
  ReceiptResponse,
} from '@vireo/contracts';
import type { TableView } from '../../components/DataTable';
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

/** A server-paged list's query: the day, the page and the sort. */
function listParams(date: string, view: TableView): string {
  const params = new URLSearchParams({ date, limit: String(view.pageSize), offset: String(view.page * view.pageSize) });
  if (view.sort) params.set('sort', `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.key}`);
  return params.toString();
}

/** A day's pickups, a page at a time. */
export function usePickups(date: string, view: TableView) {
  const params = listParams(date, view);
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'pickups', params],
    queryFn: ({ signal }) => apiRequest<typeof PickupsResponse>(`${BASE}/dropbox/pickups?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A dropbox's receipts expected on a day, a page at a time. */
export function useDropboxReceipts(id: string, date: string, view: TableView) {
  const params = listParams(date, view);
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'receipts', id, params],
    queryFn: ({ signal }) => apiRequest<typeof DropboxReceiptsResponse>(`${BASE}/dropbox/${encodeURIComponent(id)}/receipts?${params}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The receipts expected today at the dropbox whose QR code the courier scanned. */
export function useDropboxCollection(dropboxId: string | null) {
  return useQuery({
    queryKey: [...LOGISTICS_QUERY_KEY, 'collection-dropbox', dropboxId],
    queryFn: ({ signal }) => apiRequest<typeof CollectionDropboxResponse>(`${BASE}/collection/dropbox/${encodeURIComponent(dropboxId!)}`, { signal }).then((answer) => answer.data),
    enabled: dropboxId !== null,
    retry: false,
  });
}

/** Finds the order whose id, order reference or kit ID was typed; answers its id. */
export function useCollectionSearch() {
  return useSubmitMutation({
    mutationFn: (q: string) => apiRequest<typeof CollectionSearchResponse>(`${BASE}/collection/search?${new URLSearchParams({ q }).toString()}`).then((answer) => answer.data.order_id),
  });
}

/** Marks an order's samples collected (at the scanned dropbox) or sets them back. */
export function useCollectionChange() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, collected, dropboxId }: { id: string; collected: boolean; dropboxId: string | null }) =>
      apiRequest<typeof CollectionResponse>(`${BASE}/collection/${encodeURIComponent(id)}`, { method: 'PUT', body: { collected, ...(dropboxId ? { dropbox_id: dropboxId } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...LOGISTICS_QUERY_KEY, 'collection-dropbox'] }),
  });
}
