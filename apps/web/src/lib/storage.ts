import { ROLE_NAMES, type RoleName } from '@vireo/contracts';

const TOKEN_KEY = 'auth_token';
const ROLE_KEY = 'role';

export function getAuthToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored role name, or null when absent or not a known role. */
export function getStoredRole(): RoleName | null {
  const stored = localStorage.getItem(ROLE_KEY);
  return ROLE_NAMES.find((role) => role === stored) ?? null;
}

export function storeSignIn(token: string, role: RoleName): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ROLE_KEY, role);
}

export function clearStorage(): void {
  localStorage.clear();
}
