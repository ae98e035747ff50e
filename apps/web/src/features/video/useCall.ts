import { useCallback, useEffect, useRef, useState } from 'react';
import { VIDEO_DEVICES_STORAGE_KEY, type CallErrorCode, type CallRole, type CallSignal, type IceServer } from '@vireo/contracts';
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
 *   joined from another tab; `takenOver`: a shift manager took the appointment over (`takenOverBy`);
 *   `refused`: see `error`.
 */
export type CallPhase = 'starting' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'paused' | 'ended' | 'left' | 'elsewhere' | 'takenOver' | 'refused';

export interface CallOptions {
  /** Fetches a video token for this page's participant (null: the patient's video cookie); a `CallRefusal` when the server refuses one for good. */
  token(): Promise<string | null>;
  sessionToken: string | null;
  /** A shift manager listening in: the microphone only, off until they unmute. */
  listenIn?: boolean;
  /** Called with the code of a refused request (`status`: a status change failed). */
  onError?(code: CallErrorCode, message: string): void;
}

export interface Call {
  phase: CallPhase;
  /** Why the call was refused: by the room (`CallErrorCode`), or no token was given (`token`). */
  error: { code: CallErrorCode | 'token'; message: string } | null;
  /** This page's place in the room, once joined. */
  role: CallRole | null;
  localStream: MediaStream | null;
  /** The other seat's picture (a supervisor's: the customer's). */
  remoteStream: MediaStream | null;
  /** Every other member's media, by role (a supervisor hears and sees both seats; the seats hear the supervisor). */
  remoteStreams: Partial<Record<CallRole, MediaStream>>;
  /** The shift manager listening in, while one is. */
  supervisor: { name: string } | null;
  /** Who took the appointment over, when a shift manager did (phase `takenOver`). */
  takenOverBy: string | null;
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
/** Perfect negotiation between two members: the lower is the polite one (the customer to everyone, the supervisor to the practitioner). */
const POLITENESS: Record<CallRole, number> = { patient: 0, supervisor: 1, practitioner: 2 };

/** The other seat; a supervisor's main link is to the customer. */
const mainPeerOf = (role: CallRole): CallRole => (role === 'practitioner' ? 'patient' : role === 'patient' ? 'practitioner' : 'patient');
const isSeatLink = (a: CallRole, b: CallRole) => a !== 'supervisor' && b !== 'supervisor';

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

async function openMedia(listenIn: boolean, videoDeviceId?: string, audioDeviceId?: string): Promise<MediaStream> {
  const audio = audioDeviceId ? { deviceId: { ideal: audioDeviceId } } : true;
  if (listenIn) return navigator.mediaDevices.getUserMedia({ audio });
  const video = videoDeviceId ? { deviceId: { ideal: videoDeviceId } } : true;
  return navigator.mediaDevices.getUserMedia({ video, audio });
}

/** One WebRTC connection to one other member of the room, with its perfect-negotiation state. */
interface PeerLink {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  disconnectedTimer: number | null;
}

/**
 * A video call with the other members of one appointment's room: camera and microphone, the room
 * over the live socket, and an RTCPeerConnection to each other member with perfect negotiation
 * (the customer is the polite peer), a data channel beside the media between the practitioner and
 * the customer (`callData.ts`). A supervisor (a shift manager listening in) has a connection to each
 * seat, microphone only and off until they unmute. A connection is made afresh whenever its member
 * (re)joins; a failed or long-disconnected ICE link, or the browser coming back online, restarts
 * ICE; a dropped socket is reconnected and the room joined again, which restores the call.
 */
export function useCall(options: CallOptions): Call {
  const listenIn = Boolean(options.listenIn);
  const [phase, setPhase] = useState<CallPhase>('starting');
  const [error, setError] = useState<Call['error']>(null);
  const [role, setRole] = useState<CallRole | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStreams, setRemoteStreams] = useState<Partial<Record<CallRole, MediaStream>>>({});
  const [supervisor, setSupervisor] = useState<Call['supervisor']>(null);
  const [takenOverBy, setTakenOverBy] = useState<string | null>(null);
  const [mediaError, setMediaError] = useState(false);
  const [muted, setMuted] = useState(listenIn);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [quality, setQuality] = useState<CallQuality>('unknown');

  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const channelRef = useRef<CallChannel | null>(null);
  const linksRef = useRef(new Map<CallRole, PeerLink>());
  const roleRef = useRef<CallRole | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const dataRef = useRef<RTCDataChannel | null>(null);
  const dataListeners = useRef(new Set<(message: CallDataMessage) => void>());
  const iceRef = useRef<IceServer[]>([]);
  const phaseRef = useRef<CallPhase>('starting');
  /** This page hung up: a supervisor's own hang-up leaves a call that goes on. */
  const hungUpRef = useRef(false);
  const movePhase = useCallback((next: CallPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let previousSample: StatsSample | null = null;
    /** Signals are applied one after the other: a candidate must wait for the description before it. */
    let signals: Promise<void> = Promise.resolve();
    const links = linksRef.current;
    const mainPeer = () => mainPeerOf(roleRef.current ?? 'patient');

    const closeLink = (peer: CallRole) => {
      const link = links.get(peer);
      links.delete(peer);
      if (link) {
        if (link.disconnectedTimer) window.clearTimeout(link.disconnectedTimer);
        link.pc.onnegotiationneeded = null;
        link.pc.onicecandidate = null;
        link.pc.ontrack = null;
        link.pc.oniceconnectionstatechange = null;
        link.pc.close();
      }
      if (roleRef.current && isSeatLink(roleRef.current, peer)) {
        dataRef.current?.close();
        dataRef.current = null;
      }
      setRemoteStreams((current) => {
        if (!(peer in current)) return current;
        const next = { ...current };
        delete next[peer];
        return next;
      });
      if (peer === mainPeer()) {
        setQuality('unknown');
        previousSample = null;
      }
    };
    const closeAll = () => {
      for (const peer of [...links.keys()]) closeLink(peer);
    };

    const restartIce = (peer?: CallRole) => {
      for (const [role, link] of links) if ((!peer || role === peer) && link.pc.connectionState !== 'closed') link.pc.restartIce();
    };

    const send = (peer: CallRole, signal: CallSignal) => channelRef.current?.signal(signal, peer);

    /** A connection to `peer`; `offering`: this side starts it (it joined after them), so it asks for what it only receives. */
    const newLink = (peer: CallRole, offering: boolean): PeerLink => {
      closeLink(peer);
      const me = roleRef.current ?? 'patient';
      const pc = new RTCPeerConnection({ iceServers: iceRef.current });
      const link: PeerLink = { pc, polite: POLITENESS[me] < POLITENESS[peer], makingOffer: false, ignoreOffer: false, disconnectedTimer: null };
      links.set(peer, link);
      for (const track of streamRef.current?.getTracks() ?? []) pc.addTrack(track, streamRef.current!);
      if (offering && !streamRef.current?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });
      if (offering && !streamRef.current?.getAudioTracks().length) pc.addTransceiver('audio', { direction: 'recvonly' });
      if (isSeatLink(me, peer)) {
        const data = pc.createDataChannel('vireo', { negotiated: true, id: DATA_CHANNEL_ID });
        data.onmessage = (event: MessageEvent) => {
          const message = readCallData(event.data);
          if (message) for (const listener of dataListeners.current) listener(message);
        };
        dataRef.current = data;
      }
      pc.onnegotiationneeded = async () => {
        try {
          link.makingOffer = true;
          await pc.setLocalDescription();
          if (pc.localDescription) send(peer, { kind: 'description', description: { type: pc.localDescription.type as 'offer' | 'answer', sdp: pc.localDescription.sdp } });
        } catch {
          // A newer negotiation replaced this one.
        } finally {
          link.makingOffer = false;
        }
      };
      pc.onicecandidate = ({ candidate }) => {
        send(peer, {
          kind: 'candidate',
          candidate: candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment } : null,
        });
      };
      pc.ontrack = ({ track, streams }) => {
        const stream = streams[0] ?? new MediaStream([track]);
        setRemoteStreams((current) => (current[peer] === stream ? { ...current } : { ...current, [peer]: stream }));
      };
      pc.oniceconnectionstatechange = () => {
        if (links.get(peer) !== link) return;
        const state = pc.iceConnectionState;
        if (link.disconnectedTimer) window.clearTimeout(link.disconnectedTimer);
        link.disconnectedTimer = null;
        const main = peer === mainPeer();
        if (state === 'connected' || state === 'completed') {
          if (main) movePhase('connected');
        } else if (state === 'failed') {
          if (main) movePhase('reconnecting');
          pc.restartIce();
        } else if (state === 'disconnected') {
          if (main) movePhase('reconnecting');
          link.disconnectedTimer = window.setTimeout(() => restartIce(peer), DISCONNECTED_RESTART_MS);
        }
      };
      return link;
    };

    const onSignal = async (from: CallRole, signal: CallSignal) => {
      const link = links.get(from) ?? newLink(from, false);
      const { pc } = link;
      if (signal.kind === 'description') {
        const { description } = signal;
        const collision = description.type === 'offer' && (link.makingOffer || pc.signalingState !== 'stable');
        link.ignoreOffer = !link.polite && collision;
        if (link.ignoreOffer) return;
        await pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription) send(from, { kind: 'description', description: { type: pc.localDescription.type as 'offer' | 'answer', sdp: pc.localDescription.sdp } });
        }
        return;
      }
      try {
        await pc.addIceCandidate(signal.candidate ?? undefined);
      } catch (failure) {
        if (!link.ignoreOffer) throw failure;
      }
    };

    const onMessage = (message: CallServerMessage) => {
      switch (message.type) {
        case 'call.joined':
          roleRef.current = message.role;
          setRole(message.role);
          iceRef.current = message.ice_servers;
          setError(null);
          setSupervisor(message.supervisor);
          closeAll();
          // The newcomer makes the offers; the others answer them with connections made afresh.
          for (const peer of message.present) newLink(peer, true);
          movePhase(message.present.includes(mainPeer()) ? 'connecting' : 'waiting');
          return;
        case 'call.peer': {
          const main = message.role === mainPeer();
          if (message.role === 'supervisor') setSupervisor(message.event === 'joined' ? (message.supervisor ?? { name: '' }) : null);
          closeLink(message.role);
          if (!main) return;
          if (message.event === 'joined') movePhase('connecting');
          else movePhase(message.event === 'paused' && roleRef.current === 'patient' ? 'paused' : message.event === 'ended' ? 'ended' : 'waiting');
          return;
        }
        case 'call.signal': {
          const { signal, from } = message;
          signals = signals.then(() => onSignal(from, signal)).catch(() => restartIce(from));
          return;
        }
        case 'call.left':
          closeAll();
          setSupervisor(null);
          channelRef.current?.stop();
          if (message.reason === 'hangup') movePhase(roleRef.current === 'supervisor' && hungUpRef.current ? 'left' : 'ended');
          else if (message.reason === 'taken_over') {
            setTakenOverBy(message.by ?? '');
            movePhase('takenOver');
          } else movePhase(message.reason === 'replaced' ? 'elsewhere' : 'left');
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
      if (state === 'down' && !['ended', 'left', 'elsewhere', 'refused', 'takenOver'].includes(phaseRef.current)) movePhase('reconnecting');
    };

    const onOnline = () => restartIce();
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    window.addEventListener('online', onOnline);
    connection?.addEventListener('change', onOnline);

    const qualityTimer = window.setInterval(() => {
      const pc = links.get(mainPeer())?.pc;
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
        stream = await openMedia(listenIn, devices.videoDeviceId, devices.audioDeviceId);
        // A supervisor listens first: their microphone is off until they unmute.
        if (listenIn) for (const track of stream.getAudioTracks()) track.enabled = false;
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
      channelRef.current?.send({ type: 'call.leave' });
      channelRef.current?.stop();
      channelRef.current = null;
      closeAll();
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [movePhase, listenIn]);

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
    for (const link of linksRef.current.values()) await link.pc.getSenders().find((s) => s.track?.kind === 'video')?.replaceTrack(track);
    for (const old of stream.getVideoTracks()) {
      stream.removeTrack(old);
      old.stop();
    }
    stream.addTrack(track);
    setLocalStream(new MediaStream(stream.getTracks()));
    setCameraId(deviceId);
  }, []);

  const hangUp = useCallback(() => {
    hungUpRef.current = true;
    channelRef.current?.send({ type: 'call.hangup' });
  }, []);
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

  const remoteStream = remoteStreams[mainPeerOf(role ?? 'patient')] ?? null;
  return { phase, error, role, localStream, remoteStream, remoteStreams, supervisor, takenOverBy, mediaError, muted, toggleMute, cameras, cameraId, selectCamera, quality, hangUp, pause, sendData, onData };
}
