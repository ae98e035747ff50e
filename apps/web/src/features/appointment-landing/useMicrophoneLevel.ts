import { useEffect, useState } from 'react';

const SAMPLE_EVERY_MS = 100;

/**
 * The loudness of the stream's microphone, 0 to 100, from a Web Audio AnalyserNode (the RMS of the
 * waveform, sampled every 100 ms). A browser that keeps audio suspended until the person interacts
 * with the page starts measuring at their first click or key.
 */
export function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.05–0.3 RMS: scale so that ordinary speech fills most of the bar.
      setLevel(Math.min(100, Math.round(rms * 300)));
    }, SAMPLE_EVERY_MS);
    const resume = () => void context.resume();
    if (context.state === 'suspended') {
      document.addEventListener('pointerdown', resume, { once: true });
      document.addEventListener('keydown', resume, { once: true });
    }
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return stream ? level : 0;
}
