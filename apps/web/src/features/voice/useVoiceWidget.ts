import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { VOICE_RING_SECONDS, VOICE_TOKEN_SECONDS, type IceServer, type VoiceVia } from '@vireo/contracts';
import { ApiError } from '../../lib/api';
import { useLiveStatus, useLiveTopic } from '../../lib/useLive';
import { dialVoiceCall, endVoiceCall, fetchVoiceDevice } from './api';

/** The widget's states (spec 2 §2.4, §4.3): Ready on device ready, On call on connect, back to Ready at the end. */
export type WidgetState = 'connecting' | 'ready' | 'onCall' | 'offline';

export interface WidgetCall {
  id: string;
  name: string;
  /** `app`: audio in this page (WebRTC); `phone`: the provider rings the practitioner's phone, then the customer's. */
  via: VoiceVia;
  answered: boolean;
  iceServers: IceServer[];
}

/** Why the last call ended, for the widget's line: a translation key of the voice namespace and the name. */
export interface WidgetNotice {
  key: 'declined' | 'noAnswer' | 'ended' | 'lost' | 'failed';
  name: string;
  /** The server's message, shown as it is (a customer without an account to ring). */
  message?: string;
}

export interface VoiceWidget {
  state: WidgetState;
  phoneCalls: boolean;
  /** The number a phone call rings first (the practitioner's own, from their profile); null when none. */
  ownPhone: string | null;
  call: WidgetCall | null;
  notice: WidgetNotice | null;
  dial(person: { id: string; name: string }, via?: VoiceVia): Promise<void>;
  hangUp(reason?: 'hangup' | 'no_answer' | 'lost'): void;
}

/**
 * The practitioner's call widget: its device (POST /api/voice/token, renewed before it expires), the
 * call it is making, and the `voice` events that move it along (answered, ended). A call in the app
 * unanswered for VOICE_RING_SECONDS is given up as missed; a phone call's ringing is the provider's.
 */
export function useVoiceWidget(): VoiceWidget {
  const live = useLiveStatus();
  const device = useQuery({ queryKey: ['voice', 'device'], queryFn: fetchVoiceDevice, staleTime: (VOICE_TOKEN_SECONDS - 300) * 1000, refetchInterval: (VOICE_TOKEN_SECONDS - 300) * 1000 });
  const [call, setCall] = useState<WidgetCall | null>(null);
  const [notice, setNotice] = useState<WidgetNotice | null>(null);

  const hangUp = (reason: 'hangup' | 'no_answer' | 'lost' = 'hangup') => {
    if (!call) return;
    setCall(null);
    if (reason === 'no_answer') setNotice({ key: 'noAnswer', name: call.name });
    if (reason === 'lost') setNotice({ key: 'lost', name: call.name });
    void endVoiceCall(call.id, reason === 'no_answer' ? 'no_answer' : 'hangup').catch(() => undefined);
  };

  useEffect(() => {
    if (!call || call.answered || call.via !== 'app') return;
    const timer = window.setTimeout(() => hangUp('no_answer'), VOICE_RING_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  });

  useLiveTopic('voice', ({ kind, data }) => {
    if (!call || data.call_id !== call.id) return;
    if (kind === 'voice.answered') setCall({ ...call, answered: true });
    if (kind === 'voice.ended') {
      setCall(null);
      if (data.status === 'rejected') setNotice({ key: 'declined', name: call.name });
      else if (data.status === 'missed') setNotice({ key: 'noAnswer', name: call.name });
      else if (data.status === 'ended') setNotice({ key: 'ended', name: call.name });
      else if (data.status === 'failed') setNotice({ key: 'failed', name: call.name });
    }
  });

  const dial = async (person: { id: string; name: string }, via: VoiceVia = 'app') => {
    if (!device.data || call) return;
    setNotice(null);
    try {
      let answer;
      try {
        answer = await dialVoiceCall(device.data.token, person.id, via);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        const renewed = await device.refetch();
        if (!renewed.data) throw error;
        answer = await dialVoiceCall(renewed.data.token, person.id, via);
      }
      setCall({ id: answer.id, name: person.name, via, answered: false, iceServers: answer.ice_servers });
    } catch (error) {
      setNotice({ key: 'failed', name: person.name, ...(error instanceof ApiError ? { message: error.message } : {}) });
    }
  };

  const state: WidgetState = device.isError || live === 'down' ? 'offline' : device.isPending || live !== 'open' ? 'connecting' : call?.answered ? 'onCall' : 'ready';
  return { state, phoneCalls: device.data?.phone_calls ?? false, ownPhone: device.data?.own_phone ?? null, call, notice, dial, hangUp };
}
