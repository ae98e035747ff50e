/**
 * The messages of the call's data channel (an RTCDataChannel beside the media): the practitioner
 * asks the customer's page to read the kit's QR code from its own camera, and the page answers
 * with the code it read.
 */
export type CallDataMessage = { type: 'scan.start' } | { type: 'scan.stop' } | { type: 'scan.found'; code: string };

const MAX_CODE_LENGTH = 200;

/** A message from the other side, or null when it is not one of ours. */
export function readCallData(text: unknown): CallDataMessage | null {
  if (typeof text !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object') return null;
  const { type, code } = json as { type?: unknown; code?: unknown };
  if (type === 'scan.start' || type === 'scan.stop') return { type };
  if (type === 'scan.found' && typeof code === 'string' && code.length > 0 && code.length <= MAX_CODE_LENGTH) return { type, code };
  return null;
}
