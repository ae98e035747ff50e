import { useEffect, useRef, useState } from 'react';
import type { CallSignal, IceServer } from '@vireo/contracts';
import { useLiveTopic } from '../../lib/useLive';
import { sendVoiceSignal } from './api';

export type VoiceLinkState = 'connecting' | 'connected' | 'failed';

export interface VoiceLink {
  state: VoiceLinkState;
  /** The other party's audio, for an <audio> element. */
  remoteStream: MediaStream | null;
  muted: boolean;
  toggleMute(): void;
}

/** A link that stays 'disconnected' this long has failed (the other page closed or its network went). */
const DISCONNECTED_FAIL_MS = 5_000;

/** Resolves with the connection once the call is answered and the microphone open (null when that failed). */
function connectionPromise() {
  let resolve: (pc: RTCPeerConnection | null) => void = () => undefined;
  const promise = new Promise<RTCPeerConnection | null>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * The audio of one voice call: the microphone, and an RTCPeerConnection to the other party whose
 * signals travel through `POST /api/voice/calls/{id}/signal` and arrive as `voice.signal` live
 * events. Mount it (keyed by the call) as soon as the call rings, so that no early signal is missed;
 * the connection starts once `answered`. The caller's side (`offerer`) makes the offer; the
 * customer's answers it. Signals wait for the connection and are applied one after the other.
 */
export function useVoiceLink(callId: string, answered: boolean, offerer: boolean, iceServers: IceServer[]): VoiceLink {
  const [state, setState] = useState<VoiceLinkState>('connecting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [muted, setMuted] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);
  const [connection] = useState(connectionPromise);
  const queue = useRef<Promise<RTCPeerConnection | null>>(connection.promise);

  useEffect(() => {
    if (!answered) return;
    let closed = false;
    let pc: RTCPeerConnection | null = null;
    let failTimer: number | null = null;
    const send = (signal: CallSignal) => void sendVoiceSignal(callId, signal).catch(() => undefined);
    const start = async (): Promise<RTCPeerConnection | null> => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      if (closed) {
        stream.getTracks().forEach((track) => track.stop());
        return null;
      }
      streamRef.current = stream;
      pc = new RTCPeerConnection({ iceServers });
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      pc.onicecandidate = ({ candidate }) =>
        send({ kind: 'candidate', candidate: candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment } : null });
      pc.ontrack = ({ track, streams }) => setRemoteStream(streams[0] ?? new MediaStream([track]));
      pc.onconnectionstatechange = () => {
        if (!pc || closed) return;
        if (failTimer) window.clearTimeout(failTimer);
        failTimer = null;
        if (pc.connectionState === 'connected') setState('connected');
        else if (pc.connectionState === 'failed') setState('failed');
        else if (pc.connectionState === 'disconnected') failTimer = window.setTimeout(() => setState('failed'), DISCONNECTED_FAIL_MS);
      };
      if (offerer) {
        await pc.setLocalDescription();
        if (pc.localDescription) send({ kind: 'description', description: { type: 'offer', sdp: pc.localDescription.sdp } });
      }
      return pc;
    };
    // Settled only by a connection this effect keeps: one closed meanwhile (React's development
    // double effects) leaves the signals waiting for the next.
    start().then(
      (made) => made && connection.resolve(made),
      () => {
        if (closed) return;
        setState('failed');
        connection.resolve(null);
      },
    );
    return () => {
      closed = true;
      if (failTimer) window.clearTimeout(failTimer);
      pc?.close();
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [callId, answered, offerer, iceServers, connection]);

  useLiveTopic('voice', ({ kind, data }) => {
    if (kind !== 'voice.signal' || data.call_id !== callId || !data.signal) return;
    const signal = data.signal;
    queue.current = queue.current.then(async (pc) => {
      if (!pc) return pc;
      try {
        if (signal.kind === 'description') {
          await pc.setRemoteDescription(signal.description);
          if (signal.description.type === 'offer') {
            await pc.setLocalDescription();
            if (pc.localDescription) void sendVoiceSignal(callId, { kind: 'description', description: { type: 'answer', sdp: pc.localDescription.sdp } }).catch(() => undefined);
          }
        } else {
          await pc.addIceCandidate(signal.candidate ?? undefined);
        }
      } catch {
        setState('failed');
      }
      return pc;
    });
  });

  const toggleMute = () => {
    const next = !muted;
    streamRef.current?.getAudioTracks().forEach((track) => (track.enabled = !next));
    setMuted(next);
  };

  return { state, remoteStream, muted, toggleMute };
}
