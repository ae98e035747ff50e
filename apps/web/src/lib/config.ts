import { NEXT_PARAM, safeNextPath } from '@vireo/contracts';

/** Build-time settings (Vite replaces import.meta.env at build). */
export const PRODUCT_NAME = import.meta.env.VITE_PRODUCT_NAME || 'Vireo';
export const PARTNER_KEYWORD = import.meta.env.VITE_PARTNER_KEYWORD ?? '';

export const SIGN_IN_URL = '/identity/sign-in';
export const LOGIN_PATH = '/login';

/**
 * /login (or `base`, the sign-in page) remembering `next`, the app page to open once signed in, when it is one of
 * Vireo's own (contracts' `safeNextPath`) other than the home page; otherwise plain.
 */
export function signInPathFor(next: string | null, base: string = LOGIN_PATH): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `${base}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : base;
}

/** The external change-password page, returning to `returnUrl` afterwards. */
export function changePasswordUrl(roleId: string, returnUrl: string): string {
  const query = new URLSearchParams({ role_id: roleId, return_url: returnUrl });
  return `/identity/change-password?${query.toString()}`;
}
