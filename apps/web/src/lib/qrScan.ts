/** Spec 2 §7, §9: the QR scan reads a frame every 500 ms, drawn on a 1280x720 canvas. */
export const SCAN_INTERVAL_MS = 500;
export const SCAN_WIDTH = 1280;
export const SCAN_HEIGHT = 720;

/**
 * Reads a QR code from a camera or call stream: every 500 ms the current frame is drawn, whole
 * and centred, on a 1280x720 canvas and decoded (zxing-wasm, loaded on the first scan). Calls
 * `onCode` with each code read until the returned stop function is called.
 */
export function scanStream(stream: MediaStream, onCode: (code: string) => void): () => void {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  canvas.width = SCAN_WIDTH;
  canvas.height = SCAN_HEIGHT;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const decoder = import('./zxing');
  let stopped = false;
  let busy = false;
  const timer = window.setInterval(() => {
    if (stopped || busy || !context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return;
    busy = true;
    const scale = Math.min(SCAN_WIDTH / video.videoWidth, SCAN_HEIGHT / video.videoHeight);
    const width = video.videoWidth * scale;
    const height = video.videoHeight * scale;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, SCAN_WIDTH, SCAN_HEIGHT);
    context.drawImage(video, (SCAN_WIDTH - width) / 2, (SCAN_HEIGHT - height) / 2, width, height);
    const image = context.getImageData(0, 0, SCAN_WIDTH, SCAN_HEIGHT);
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
