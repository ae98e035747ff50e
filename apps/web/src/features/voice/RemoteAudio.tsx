import { useEffect, useRef } from 'react';

/** Plays the other party's audio (hidden: an audio call has nothing to show). */
export function RemoteAudio({ stream, label }: { stream: MediaStream | null; label: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <audio ref={ref} autoPlay aria-label={label} data-testid="voice-remote-audio" />;
}
