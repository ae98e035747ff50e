/** Build-time settings (Vite replaces import.meta.env at build). */
export const PRODUCT_NAME = import.meta.env.VITE_PRODUCT_NAME || 'Vireo';
export const PARTNER_KEYWORD = import.meta.env.VITE_PARTNER_KEYWORD ?? '';

export const SIGN_IN_URL = '/identity/sign-in';
export const LOGIN_PATH = '/login';

/** The external change-password page, returning to `returnUrl` afterwards. */
export function changePasswordUrl(roleId: string, returnUrl: string): string {
  const query = new URLSearchParams({ role_id: roleId, return_url: returnUrl });
  return `/identity/change-password?${query.toString()}`;
}
