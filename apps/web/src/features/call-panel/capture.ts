/**
 * A still of the customer's picture at its full size, as WebP (spec 2 §9: images saved as webp):
 * the frame showing when it is called. Rejects when the stream has no picture yet.
 */
export async function captureFrame(stream: MediaStream): Promise<Blob> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    if (!video.videoWidth) await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No picture'))), 'image/webp', 0.92));
  } finally {
    video.pause();
    video.srcObject = null;
  }
}
