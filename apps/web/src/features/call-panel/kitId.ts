/** A kit ID is at least this long (spec 2 §5). */
export const KIT_ID_MIN_LENGTH = 5;

/** A kit ID as typed or scanned: upper case, without surrounding spaces (spec 2 §5: forced to uppercase). */
export function normaliseKitId(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Whether a kit ID deserves the warning that the letter O may have been typed for a zero: it has
 * more than one character that is not a digit (spec 2 §5).
 */
export function kitIdLooksMistyped(kitId: string): boolean {
  return kitId.replace(/\d/g, '').length > 1;
}

/** Whether a kit ID is long enough to record. */
export function kitIdComplete(kitId: string): boolean {
  return normaliseKitId(kitId).length >= KIT_ID_MIN_LENGTH;
}
