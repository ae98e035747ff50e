import { lazy, Suspense, useState } from 'react';
import { useLiveTopic } from '../../lib/useLive';

const IncomingCallDialog = lazy(() => import('./IncomingCallDialog').then((m) => ({ default: m.IncomingCallDialog })));

export interface RingingCall {
  id: string;
  callerName: string;
  /** How the call ended while this page had it open (answered elsewhere counts as ended here). */
  ended: boolean;
}

/**
 * Listens on a customer's signed-in pages for a practitioner's call (`voice.ringing`, addressed to
 * this user alone) and opens the incoming-call dialog, loaded only when a call rings.
 */
export function IncomingCall() {
  const [call, setCall] = useState<RingingCall | null>(null);
  const [answeredHere, setAnsweredHere] = useState<string | null>(null);
  useLiveTopic('voice', ({ kind, data }) => {
    if (kind === 'voice.ringing' && data.caller_name !== undefined) {
      setCall({ id: data.call_id, callerName: data.caller_name, ended: false });
      setAnsweredHere(null);
      return;
    }
    if (!call || data.call_id !== call.id) return;
    if (kind === 'voice.ended' || (kind === 'voice.answered' && answeredHere !== call.id)) setCall({ ...call, ended: true });
  });
  if (!call || (call.ended && answeredHere !== call.id)) return null;
  return (
    <Suspense fallback={null}>
      <IncomingCallDialog key={call.id} call={call} onAnswering={() => setAnsweredHere(call.id)} onClose={() => setCall(null)} />
    </Suspense>
  );
}
