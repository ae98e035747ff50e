import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateEdit,
  CertificateMessageResponse,
  CertificateSearchResponse,
  PcrTestResponse,
  ResultTemplate,
  ResultUploadResponse,
  ResultUploadSummaryResponse,
} from '@vireo/contracts';
import type { TableView } from '../../components/DataTable';
import { apiFile, apiRequest, saveFile } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** Certificate management, PCR tests and uploaded results in the commerce API (spec 3 §7; issue 19). */
const BASE = '/api/commerce/v1';
const KEY = ['certificate-management'] as const;

/** A certificate search: created in [from, to) (epoch seconds), the name or e-mail containing `name`. */
export interface CertificateSearch {
  from: number;
  to: number;
  name: string;
}

const SORTS: Record<string, string> = { created: 'created_at', holder: 'name', email: 'email', sent: 'sent_at', opened: 'opened_at' };

function searchParams(search: CertificateSearch, view?: TableView): URLSearchParams {
  const params = new URLSearchParams({ from: String(search.from), to: String(search.to) });
  if (search.name.trim()) params.set('name', search.name.trim());
  const sort = view?.sort && SORTS[view.sort.key];
  if (sort) params.set('sort', view!.sort!.direction === 'desc' ? `-${sort}` : sort);
  if (view) {
    params.set('page', String(view.page + 1));
    params.set('page_size', String(view.pageSize));
  }
  return params;
}

export function useCertificates(search: CertificateSearch, view: TableView) {
  const params = searchParams(search, view);
  return useQuery({
    queryKey: [...KEY, 'search', params.toString()],
    queryFn: ({ signal }) => apiRequest<typeof CertificateSearchResponse>(`${BASE}/certificate/search?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the search's certificates (all pages) as the server's CSV file. */
export function useExportCertificates() {
  return useSubmitMutation({
    mutationFn: async (search: CertificateSearch) => saveFile(await apiFile(`${BASE}/certificate/export?${searchParams(search).toString()}`, 'certificates.csv')),
  });
}

/** Saves a certificate's PDF as issued (GET /certificate/{id}/pdf, a read the server audits). */
export function useCertificatePdf() {
  return useSubmitMutation({
    mutationFn: async (certificate: { id: string; number: string }) => saveFile(await apiFile(`${BASE}/certificate/${encodeURIComponent(certificate.id)}/pdf`, `certificate-${certificate.number}.pdf`)),
  });
}

export function useCertificateMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    resend: useSubmitMutation({
      mutationFn: (id: string) => apiRequest<typeof CertificateMessageResponse>(`${BASE}/certificate/${encodeURIComponent(id)}/email`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    edit: useSubmitMutation({
      mutationFn: ({ id, body }: { id: string; body: CertificateEdit }) => apiRequest<typeof CertificateMessageResponse>(`${BASE}/certificate/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
  };
}

export function usePcrTests(from: number, to: number, view: TableView) {
  const params = new URLSearchParams({ from: String(from), to: String(to), page: String(view.page + 1), page_size: String(view.pageSize) });
  return useQuery({
    queryKey: [...KEY, 'pcr', params.toString()],
    queryFn: ({ signal }) => apiRequest<typeof PcrTestResponse>(`${BASE}/pcr-test?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSendPcrCertificate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (bookingUserId: string) => apiRequest<typeof CertificateMessageResponse>(`${BASE}/pcr-test/${encodeURIComponent(bookingUserId)}/certificate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'pcr'] }),
  });
}

/** Sends a certificate by e-mail (the uploaded results' Send). */
export function useSendCertificate() {
  return useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof CertificateMessageResponse>(`${BASE}/certificate/${encodeURIComponent(id)}/email`, { method: 'POST' }),
  });
}

export async function downloadTemplate(template: ResultTemplate): Promise<void> {
  saveFile(await apiFile(`${BASE}/certificate/template/${template}`, `${template}.csv`));
}

export function useUploadResults() {
  return useSubmitMutation({
    mutationFn: ({ template, file }: { template: ResultTemplate; file: File }) => {
      const form = new FormData();
      form.append('upload', file);
      return apiRequest<typeof ResultUploadResponse>(`${BASE}/certificate/upload?type=${template}`, { method: 'POST', body: form });
    },
  });
}

/** How often an upload's summary is asked again while its certificates are being made. */
const SUMMARY_POLL_MS = 2_000;

/** An upload's summary (how many of its certificates are made), asked again until every one is. */
export function useUploadSummary(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'upload', id],
    queryFn: ({ signal }) => apiRequest<typeof ResultUploadSummaryResponse>(`${BASE}/certificate/upload/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const summary = query.state.data?.data;
      return summary && summary.certificates_made >= summary.certificates_expected ? false : SUMMARY_POLL_MS;
    },
  });
}
