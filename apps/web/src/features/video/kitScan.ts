import { useCallback, useEffect, useRef, useState } from 'react';
import { scanStream } from '../../lib/qrScan';
import type { Call } from './useCall';

/** Where a scanned code was read: by the customer's page from its own camera, or here from the call's picture. */
export type ScanSource = 'customer' | 'call';

/** The practitioner's kit scan (spec 2 §2.3): running or not, and the last code read with where it came from. */
export interface KitScan {
  scanning: boolean;
  found: { code: string; source: ScanSource } | null;
  start(): void;
  stop(): void;
  /** Forgets the code read (confirmed or refused). */
  clear(): void;
}

/**
 * Starts and stops the kit's QR scan from the practitioner's side: asks the customer's page over the
 * data channel to read its own camera (sharper than the call's picture) and, as the fallback, reads
 * the remote video here; the first code from either ends the scan on both sides.
 */
export function useKitScan(call: Call): KitScan {
  const [scanning, setScanning] = useState(false);
  const [found, setFound] = useState<KitScan['found']>(null);
  const stopLocal = useRef<(() => void) | null>(null);
  const { sendData, onData, remoteStream } = call;

  const stop = useCallback(() => {
    stopLocal.current?.();
    stopLocal.current = null;
    setScanning(false);
    sendData({ type: 'scan.stop' });
  }, [sendData]);

  const finish = useCallback(
    (code: string, source: ScanSource) => {
      setFound({ code, source });
      stop();
    },
    [stop],
  );

  useEffect(
    () =>
      onData((message) => {
        if (message.type === 'scan.found' && stopLocal.current) finish(message.code, 'customer');
      }),
    [onData, finish],
  );

  const start = useCallback(() => {
    if (!remoteStream || stopLocal.current) return;
    setFound(null);
    setScanning(true);
    sendData({ type: 'scan.start' });
    stopLocal.current = scanStream(remoteStream, (code) => finish(code, 'call'));
  }, [remoteStream, sendData, finish]);

  useEffect(() => () => stopLocal.current?.(), []);
  // The picture went away (the customer left or the call restarted): the scan of it ends.
  useEffect(() => {
    if (!remoteStream && stopLocal.current) stop();
  }, [remoteStream, stop]);

  const clear = useCallback(() => setFound(null), []);
  return { scanning, found, start, stop, clear };
}

/**
 * The customer's side of the kit scan: while the practitioner asks, this page reads its own camera
 * and sends the first code it reads back over the data channel.
 */
export function useScanAnswer(call: Call): void {
  const { sendData, onData, localStream } = call;
  const stream = useRef(localStream);
  useEffect(() => {
    stream.current = localStream;
  }, [localStream]);
  useEffect(() => {
    let stopScan: (() => void) | null = null;
    const end = () => {
      stopScan?.();
      stopScan = null;
    };
    const unsubscribe = onData((message) => {
      if (message.type === 'scan.stop') end();
      if (message.type !== 'scan.start' || stopScan || !stream.current) return;
      stopScan = scanStream(stream.current, (code) => {
        sendData({ type: 'scan.found', code });
        end();
      });
    });
    return () => {
      unsubscribe();
      end();
    };
  }, [onData, sendData]);
}
