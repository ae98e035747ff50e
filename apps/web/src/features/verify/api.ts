import { useQuery } from '@tanstack/react-query';
import { type CertificateStatusResponse, type VerifyResponse, type CertificateFacts } from '@vireo/contracts';
import { ApiError, apiRequest } from '../../lib/api';

/** What the verification pages show: the certificate's standing and, unless invalid or unknown, what a checker needs. */
export interface Verification {
  status: 'valid' | 'revoked' | 'invalid' | 'unknown';
  certificate?: CertificateFacts;
}

const BASE = '/api/certificates';

/** POST /api/certificates/verify: the token travels in the body only, never in a URL. */
export function useVerifiedToken(token: string) {
  return useQuery({
    queryKey: ['certificate-verification', token],
    queryFn: ({ signal }): Promise<Verification> =>
      apiRequest<typeof VerifyResponse>(`${BASE}/verify`, { method: 'POST', body: { token }, signal, signOutOnAuthError: false }).then(({ status, certificate }) => ({ status, certificate })),
    retry: false,
    staleTime: Infinity,
  });
}

/** The signed query of the link e-mailed to the holder (user, expires, signature), passed on so its first opening is recorded. */
function openedLinkQuery(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['user', 'expires', 'signature']) {
    const value = given.get(key);
    if (value) kept.set(key, value);
  }
  return kept.size === 3 ? `?${kept.toString()}` : '';
}

/** GET /api/certificates/{id}/status: an id the service does not know is `unknown`. */
export function useCertificateStatus(id: string, search = '') {
  const opened = openedLinkQuery(search);
  return useQuery({
    queryKey: ['certificate-status', id],
    queryFn: ({ signal }): Promise<Verification> =>
      apiRequest<typeof CertificateStatusResponse>(`${BASE}/${encodeURIComponent(id)}/status${opened}`, { signal, signOutOnAuthError: false }).then(
        ({ status, certificate }) => ({ status, certificate }),
        (error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { status: 'unknown' };
          throw error;
        },
      ),
    retry: false,
  });
}
