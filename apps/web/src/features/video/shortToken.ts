/**
 * The customer's link token for an appointment's call: from the address when it carries one (kept
 * for the tab, so a reload keeps working), else what this tab kept for that appointment. It goes
 * to the API in the x-short-token header only.
 */
export const SHORT_TOKEN_STORAGE_KEY = 'vireo.appointment.shortToken';

export function customerShortToken(appointmentId: string, fromAddress: string | null): string | null {
  if (fromAddress && fromAddress.length >= 20) {
    sessionStorage.setItem(SHORT_TOKEN_STORAGE_KEY, JSON.stringify({ appointmentId, shortToken: fromAddress }));
    return fromAddress;
  }
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(SHORT_TOKEN_STORAGE_KEY) ?? 'null');
    if (kept && typeof kept === 'object' && (kept as { appointmentId?: unknown }).appointmentId === appointmentId) {
      const { shortToken } = kept as { shortToken?: unknown };
      return typeof shortToken === 'string' ? shortToken : null;
    }
  } catch {
    return null;
  }
  return null;
}
