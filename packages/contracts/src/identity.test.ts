import { describe, expect, it } from 'vitest';
import { safeNextPath } from './identity-constants';

describe('safeNextPath (the page to return to after sign-in)', () => {
  it('keeps an app page with its query', () => {
    expect(safeNextPath('/super_admin/chats/room-1')).toBe('/super_admin/chats/room-1');
    expect(safeNextPath('/practitioner/appointment?appointmentId=42&tab=kit')).toBe('/practitioner/appointment?appointmentId=42&tab=kit');
  });

  it('refuses another site, however it is written', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'evil.example', 'javascript:alert(1)', ' /patient/dashboard']) {
      expect(safeNextPath(value), value).toBeNull();
    }
  });

  it('refuses control characters, absurd lengths and anything not a text', () => {
    expect(safeNextPath('/patient/dashboard\r\nSet-Cookie: x=1')).toBeNull();
    expect(safeNextPath(`/patient/${'a'.repeat(2_000)}`)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(['/patient/dashboard'])).toBeNull();
  });

  it('refuses the steps of signing in and the API, so sign-in never loops', () => {
    for (const value of ['/login', '/login?next=/x', '/verify-token?token=t', '/identity/sign-in', '/api/login/session']) {
      expect(safeNextPath(value), value).toBeNull();
    }
  });
});
