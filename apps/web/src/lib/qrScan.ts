/** Spec 2 §7, §9: the QR scan reads a frame every 500 ms, drawn on a 1280x720 canvas. */
export const SCAN_INTERVAL_MS = 500;
export const SCAN_WIDTH = 1280;
export const SCAN_HEIGHT = 720;

/**
 * Reads a QR code from a camera or call stream: every 500 ms the current frame is drawn, whole
 * and centred, on a 1280x720 canvas and decoded (zxing-wasm, loaded on the first scan). Calls
 * `onCode` with each code read until the returned stop function is called. `fullFrame`: decode each frame at its own
 * size instead (a device camera pointed at a printed certificate, whose code may be small in the picture).
 */
export function scanStream(stream: MediaStream, onCode: (code: string) => void, { fullFrame = false }: { fullFrame?: boolean } = {}): () => void {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const decoder = import('./zxing');
  let stopped = false;
  let busy = false;
  const timer = window.setInterval(() => {
    if (stopped || busy || !context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return;
    busy = true;
    canvas.width = fullFrame ? video.videoWidth : SCAN_WIDTH;
    canvas.height = fullFrame ? video.videoHeight : SCAN_HEIGHT;
    const scale = Math.min(canvas.width / video.videoWidth, canvas.height / video.videoHeight);
    const width = video.videoWidth * scale;
    const height = video.videoHeight * scale;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(video, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    decoder
      .then(({ readQrCode }) => readQrCode(image))
      .then((code) => {
        if (code && !stopped) onCode(code);
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, SCAN_INTERVAL_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
    video.pause();
    video.srcObject = null;
  };
}
