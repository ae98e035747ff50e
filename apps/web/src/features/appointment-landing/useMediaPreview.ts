import { useCallback, useEffect, useState } from 'react';
import type { ChosenDevices } from './devices';

export type MediaProblem = 'denied' | 'unavailable';

export interface MediaPreview {
  stream: MediaStream | null;
  problem: MediaProblem | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** The devices the stream really uses (the browser's default until the customer picks one). */
  inUse: ChosenDevices;
  retry: () => void;
}

const stop = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());
const constraint = (deviceId: string | undefined): MediaTrackConstraints | boolean => (deviceId ? { deviceId: { exact: deviceId } } : true);

/**
 * The customer's camera and microphone for the landing page's check: one stream of the chosen
 * devices (again whenever the choice changes), the devices to choose from, and why it failed. The
 * stream stops when the page leaves, so the call page can open the devices afresh.
 */
export function useMediaPreview(choice: ChosenDevices): MediaPreview {
  const { videoDeviceId, audioDeviceId } = choice;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const media = navigator.mediaDevices;
    let active = true;
    let opened: MediaStream | null = null;
    const list = () => {
      media.enumerateDevices().then(
        (all) => active && setDevices(all),
        () => undefined,
      );
    };
    media.getUserMedia({ video: constraint(videoDeviceId), audio: constraint(audioDeviceId) }).then(
      (granted) => {
        if (!active) return stop(granted);
        opened = granted;
        setStream(granted);
        setProblem(null);
        list();
      },
      (error: unknown) => {
        if (!active) return;
        setStream(null);
        setProblem(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'unavailable');
      },
    );
    media.addEventListener('devicechange', list);
    return () => {
      active = false;
      media.removeEventListener('devicechange', list);
      if (opened) stop(opened);
    };
  }, [videoDeviceId, audioDeviceId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const inUse: ChosenDevices = {};
  const videoId = stream?.getVideoTracks()[0]?.getSettings().deviceId;
  const audioId = stream?.getAudioTracks()[0]?.getSettings().deviceId;
  if (videoId) inUse.videoDeviceId = videoId;
  if (audioId) inUse.audioDeviceId = audioId;
  return {
    stream,
    problem,
    cameras: devices.filter((d) => d.kind === 'videoinput' && d.deviceId !== ''),
    microphones: devices.filter((d) => d.kind === 'audioinput' && d.deviceId !== ''),
    inUse,
    retry,
  };
}
