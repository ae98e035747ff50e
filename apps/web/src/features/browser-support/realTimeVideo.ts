interface VideoCapabilities {
  RTCPeerConnection?: unknown;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
}

/** Whether the browser can take part in a video call: WebRTC, and camera access (only in secure contexts). */
export function supportsRealTimeVideo(target: VideoCapabilities = globalThis): boolean {
  return typeof target.RTCPeerConnection === 'function' && typeof target.navigator?.mediaDevices?.getUserMedia === 'function';
}
