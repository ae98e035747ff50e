import { CHAT_LIVE } from '@vireo/contracts';
import { useMemo } from 'react';
import { useCurrentSession } from '../../../lib/session';
import { useLiveTopic } from '../../../lib/useLive';
import type { ChatCaller } from '../api';

/** The signed-in staff member as a chat caller (their session goes with every request). */
export function useStaffCaller(): ChatCaller {
  const session = useCurrentSession();
  return useMemo(() => ({ headers: {}, memberId: session.user.id, role: session.role.name }), [session.user.id, session.role.name]);
}

let lastChime = 0;

/** A short tone for a new claimable chat (no sound file to download); once per event however many lists hear it. */
function chime(): void {
  const now = Date.now();
  if (now - lastChime < 1_000) return;
  lastChime = now;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No audio (a browser without it, or not allowed yet): the badge still shows.
  }
}

/**
 * Chimes for a new claimable chat and tells `onClaimable`. The lists and counts keep themselves current
 * (api.ts, `useLiveQuery` on the same topic).
 */
export function useStaffChatLive(onClaimable?: () => void): void {
  useLiveTopic('chat', (event) => {
    if (event.kind !== CHAT_LIVE.kinds.claimable) return;
    chime();
    onClaimable?.();
  });
}
