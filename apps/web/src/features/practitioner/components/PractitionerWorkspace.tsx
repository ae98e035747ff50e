import { useEffect, type ReactNode } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { logout, useCurrentSession } from '../../../lib/session';
import { sendHeartbeat } from '../api';

/** Presence (spec 2 §7 PATCH /practitioner): a heartbeat every 30 s while a practitioner page is open. */
export const HEARTBEAT_MS = 30_000;

/** Sends the heartbeat now and every 30 s while mounted. A 401 signs out (the api wrapper goes to /login). */
export function usePresenceHeartbeat(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const beat = () => {
      // A failed beat is retried by the next one; 401 and 403 are handled by signing out.
      sendHeartbeat().catch(() => undefined);
    };
    beat();
    const timer = window.setInterval(beat, HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}

/**
 * The practitioner's own pages (spec 2 §6): a session opened for another role is signed out and
 * sent to /login; a practitioner's presence is kept while the page is open.
 */
export function PractitionerWorkspace({ children }: { children: ReactNode }) {
  const practitioner = useCurrentSession().role.name === 'practitioner';
  usePresenceHeartbeat(practitioner);
  useEffect(() => {
    if (!practitioner) void logout();
  }, [practitioner]);
  return practitioner ? children : <PageLoader />;
}
