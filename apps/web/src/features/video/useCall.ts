import { useCallback, useEffect, useRef, useState } from 'react';
import { VIDEO_DEVICES_STORAGE_KEY, type CallErrorCode, type CallSignal, type IceServer } from '@vireo/contracts';
import { readCallData, type CallDataMessage } from './callData';
import { CallChannel, type CallServerMessage, type ChannelState } from './callChannel';
import { qualityBetween, sampleOf, type CallQuality, type StatsSample } from './quality';

/**
 * Where the call stands, for the page's message:
 * - `starting`: camera and room being opened; `waiting`: in the room, the other party is not;
 * - `connecting`: both in the room, media not flowing yet; `connected`; `reconnecting`: the link
 *   dropped and is being restored (retried automatically);
 * - `paused`: the practitioner paused (the customer waits); `ended`: the call is over;
 * - `left`: this page left the call (the practitioner paused); `elsewhere`: the same participant
 *   joined from another tab; `refused`: see `error`.
 */
export type CallPhase = 'starting' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'paused' | 'ended' | 'left' | 'elsewhere' | 'refused';

export interface CallOptions {
  /** Fetches a video token for this page's participant (null: the patient's video cookie); a `CallRefusal` when the server refuses one for good. */
  token(): Promise<string | null>;
  sessionToken: string | null;
  /** Called with the code of a refused request (`status`: a status change failed). */
  onError?(code: CallErrorCode, message: string): void;
}

export interface Call {
  phase: CallPhase;
  /** Why the call was refused: by the room (`CallErrorCode`), or no token was given (`token`). */
  error: { code: CallErrorCode | 'token'; message: string } | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  mediaError: boolean;
  muted: boolean;
  toggleMute(): void;
  cameras: MediaDeviceInfo[];
  cameraId: string | null;
  selectCamera(deviceId: string): Promise<void>;
  quality: CallQuality;
  hangUp(): void;
  pause(): void;
  /** Sends a message over the call's data channel; false when the channel is not open. */
  sendData(message: CallDataMessage): boolean;
  /** Listens to the other side's data-channel messages; returns the way to stop. */
  onData(listener: (message: CallDataMessage) => void): () => void;
}

const QUALITY_MS = 2_000;
/** The data channel is negotiated (both sides make it with this id), so it needs no offer of its own. */
const DATA_CHANNEL_ID = 0;
/** An ICE link 'disconnected' this long is restarted rather than left to recover by itself. */
const DISCONNECTED_RESTART_MS = 3_000;

function storedDevices(): { videoDeviceId?: string; audioDeviceId?: string } {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(VIDEO_DEVICES_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const { videoDeviceId, audioDeviceId } = parsed as Record<string, unknown>;
    return { ...(typeof videoDeviceId === 'string' ? { videoDeviceId } : {}), ...(typeof audioDeviceId === 'string' ? { audioDeviceId } : {}) };
  } catch {
    return {};
  }
}

async function openMedia(videoDeviceId?: string, audioDeviceId?: string): Promise<MediaStream> {
  const video = videoDeviceId ? { deviceId: { ideal: videoDeviceId } } : true;
  const audio = audioDeviceId ? { deviceId: { ideal: audioDeviceId } } : true;
  return navigator.mediaDevices.getUserMedia({ video, audio });
}

/**
 * A video call with the other party of one appointment: camera and microphone, the room over the
 * live socket, and an RTCPeerConnection with perfect negotiation (the customer is the polite
 * peer) and a data channel beside the media (`callData.ts`). A peer connection is made afresh whenever the other party (re)joins; a failed or
 * long-disconnected ICE link, or the browser coming back online, restarts ICE; a dropped socket is
 * reconnected and the room joined again, which restores the call.
 */
export function useCall(options: CallOptions): Call {
  const [phase, setPhase] = useState<CallPhase>('starting');
  const [error, setError] = useState<Call['error']>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState(false);
  const [muted, setMuted] = useState(false);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [quality, setQuality] = useState<CallQuality>('unknown');

  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const channelRef = useRef<CallChannel | null>(null);
  const pcRef = useRef<RTCPeerConnection | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const dataRef = useRef<RTCDataChannel | null>(null);
  const dataListeners = useRef(new Set<(message: CallDataMessage) => void>());
  const politeRef = useRef(true);
  const iceRef = useRef<IceServer[]>([]);
  const phaseRef = useRef<CallPhase>('starting');
  const movePhase = useCallback((next: CallPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let makingOffer = false;
    let ignoreOffer = false;
    let disconnectedTimer: number | null = null;
    let previousSample: StatsSample | null = null;
    /** Signals are applied one after the other: a candidate must wait for the description before it. */
    let signals: Promise<void> = Promise.resolve();

    const closePeer = () => {
      const pc = pcRef.current;
      pcRef.current = null;
      dataRef.current?.close();
      dataRef.current = null;
      if (pc) {
        pc.onnegotiationneeded = null;
        pc.onicecandidate = null;
        pc.ontrack = null;
        pc.oniceconnectionstatechange = null;
        pc.close();
      }
      setRemoteStream(null);
      setQuality('unknown');
      previousSample = null;
    };

    const restartIce = () => {
      const pc = pcRef.current;
      if (pc && pc.connectionState !== 'closed') pc.restartIce();
    };

    const newPeer = (): RTCPeerConnection => {
      closePeer();
      const pc = new RTCPeerConnection({ iceServers: iceRef.current });
      pcRef.current = pc;
      makingOffer = false;
      ignoreOffer = false;
      for (const track of streamRef.current?.getTracks() ?? []) pc.addTrack(track, streamRef.current!);
      const data = pc.createDataChannel('vireo', { negotiated: true, id: DATA_CHANNEL_ID });
      data.onmessage = (event: MessageEvent) => {
        const message = readCallData(event.data);
        if (message) for (const listener of dataListeners.current) listener(message);
      };
      dataRef.current = data;
      pc.onnegotiationneeded = async () => {
        try {
          makingOffer = true;
          await pc.setLocalDescription();
          if (pc.localDescription) channelRef.current?.signal({ kind: 'description', description: { type: pc.localDescription.type as 'offer' | 'answer', sdp: pc.localDescription.sdp } });
        } catch {
          // A newer negotiation replaced this one.
        } finally {
          makingOffer = false;
        }
      };
      pc.onicecandidate = ({ candidate }) => {
        channelRef.current?.signal({
          kind: 'candidate',
          candidate: candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment } : null,
        });
      };
      pc.ontrack = ({ track, streams }) => {
        setRemoteStream(streams[0] ?? new MediaStream([track]));
      };
      pc.oniceconnectionstatechange = () => {
        if (pcRef.current !== pc) return;
        const state = pc.iceConnectionState;
        if (disconnectedTimer) window.clearTimeout(disconnectedTimer);
        disconnectedTimer = null;
        if (state === 'connected' || state === 'completed') movePhase('connected');
        else if (state === 'failed') {
          movePhase('reconnecting');
          pc.restartIce();
        } else if (state === 'disconnected') {
          movePhase('reconnecting');
          disconnectedTimer = window.setTimeout(restartIce, DISCONNECTED_RESTART_MS);
        }
      };
      return pc;
    };

    const onSignal = async (signal: CallSignal) => {
      const pc = pcRef.current ?? newPeer();
      if (signal.kind === 'description') {
        const { description } = signal;
        const collision = description.type === 'offer' && (makingOffer || pc.signalingState !== 'stable');
        ignoreOffer = !politeRef.current && collision;
        if (ignoreOffer) return;
        await pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription) channelRef.current?.signal({ kind: 'description', description: { type: pc.localDescription.type as 'offer' | 'answer', sdp: pc.localDescription.sdp } });
        }
        return;
      }
      try {
        await pc.addIceCandidate(signal.candidate ?? undefined);
      } catch (failure) {
        if (!ignoreOffer) throw failure;
      }
    };

    const onMessage = (message: CallServerMessage) => {
      switch (message.type) {
        case 'call.joined':
          politeRef.current = message.polite;
          iceRef.current = message.ice_servers;
          setError(null);
          if (message.peer_present) {
            newPeer();
            movePhase('connecting');
          } else {
            closePeer();
            movePhase('waiting');
          }
          return;
        case 'call.peer':
          if (message.event === 'joined') {
            // The newcomer makes the offer; this side answers it with a connection made afresh.
            closePeer();
            movePhase('connecting');
          } else {
            closePeer();
            movePhase(message.event === 'paused' ? 'paused' : message.event === 'ended' ? 'ended' : 'waiting');
          }
          return;
        case 'call.signal': {
          const { signal } = message;
          signals = signals.then(() => onSignal(signal)).catch(() => restartIce());
          return;
        }
        case 'call.left':
          closePeer();
          channelRef.current?.stop();
          movePhase(message.reason === 'hangup' ? 'ended' : message.reason === 'replaced' ? 'elsewhere' : 'left');
          return;
        case 'call.error':
          if (message.code === 'full' || message.code === 'invalid') {
            setError({ code: message.code, message: message.message });
            channelRef.current?.stop();
            movePhase('refused');
          }
          optionsRef.current.onError?.(message.code, message.message);
          return;
      }
    };

    const onState = (state: ChannelState) => {
      if (state === 'down' && !['ended', 'left', 'elsewhere', 'refused'].includes(phaseRef.current)) movePhase('reconnecting');
    };

    const onOnline = () => restartIce();
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    window.addEventListener('online', onOnline);
    connection?.addEventListener('change', onOnline);

    const qualityTimer = window.setInterval(() => {
      const pc = pcRef.current;
      if (!pc) return;
      pc.getStats()
        .then((report) => {
          const sample = sampleOf(report);
          setQuality(qualityBetween(previousSample, sample));
          previousSample = sample;
        })
        .catch(() => undefined);
    }, QUALITY_MS);

    const start = async () => {
      const devices = storedDevices();
      let stream: MediaStream | null = null;
      try {
        stream = await openMedia(devices.videoDeviceId, devices.audioDeviceId);
      } catch {
        setMediaError(true);
      }
      if (cancelled) {
        stream?.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      setLocalStream(stream);
      setCameraId(stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null);
      navigator.mediaDevices
        .enumerateDevices()
        .then((all) => !cancelled && setCameras(all.filter((device) => device.kind === 'videoinput')))
        .catch(() => undefined);
      const onRefused = (message: string) => {
        setError({ code: 'token', message });
        movePhase('refused');
      };
      const channel = new CallChannel({ token: () => optionsRef.current.token(), sessionToken: optionsRef.current.sessionToken, onMessage, onState, onRefused });
      channelRef.current = channel;
      channel.start();
    };
    void start();

    const onPageHide = () => channelRef.current?.send({ type: 'call.leave' });
    window.addEventListener('pagehide', onPageHide);

    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('pagehide', onPageHide);
      connection?.removeEventListener('change', onOnline);
      window.clearInterval(qualityTimer);
      if (disconnectedTimer) window.clearTimeout(disconnectedTimer);
      channelRef.current?.send({ type: 'call.leave' });
      channelRef.current?.stop();
      channelRef.current = null;
      closePeer();
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [movePhase]);

  const toggleMute = useCallback(() => {
    setMuted((was) => {
      for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = was;
      return !was;
    });
  }, []);

  const selectCamera = useCallback(async (deviceId: string) => {
    const stream = streamRef.current;
    if (!stream) return;
    const fresh = await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: deviceId } } });
    const [track] = fresh.getVideoTracks();
    if (!track) return;
    const sender = pcRef.current?.getSenders().find((s) => s.track?.kind === 'video');
    await sender?.replaceTrack(track);
    for (const old of stream.getVideoTracks()) {
      stream.removeTrack(old);
      old.stop();
    }
    stream.addTrack(track);
    setLocalStream(new MediaStream(stream.getTracks()));
    setCameraId(deviceId);
  }, []);

  const hangUp = useCallback(() => channelRef.current?.send({ type: 'call.hangup' }), []);
  const pause = useCallback(() => channelRef.current?.send({ type: 'call.pause' }), []);

  const sendData = useCallback((message: CallDataMessage) => {
    const data = dataRef.current;
    if (data?.readyState !== 'open') return false;
    data.send(JSON.stringify(message));
    return true;
  }, []);
  const onData = useCallback((listener: (message: CallDataMessage) => void) => {
    const listeners = dataListeners.current;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  return { phase, error, localStream, remoteStream, mediaError, muted, toggleMute, cameras, cameraId, selectCamera, quality, hangUp, pause, sendData, onData };
}
