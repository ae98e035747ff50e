/** The customer is in the call (joined) or has left it (spec 2 §4.1). */
const ONLINE = 'PATIENT_ATTENDED';
const OFFLINE = 'PATIENT_LEFT';

/**
 * Whether the customer is online, from the appointment's status changes (spec 2 §4.1): online when
 * their last change to the online status is later than their last change to the offline status.
 */
export function customerOnline(changes: readonly { changed_to: string; created_at: number }[]): boolean {
  let online = -Infinity;
  let offline = -Infinity;
  changes.forEach((change, index) => {
    // Changes in the same second keep their recorded order.
    const at = change.created_at + index / (changes.length + 1);
    if (change.changed_to === ONLINE) online = Math.max(online, at);
    if (change.changed_to === OFFLINE) offline = Math.max(offline, at);
  });
  return online > offline;
}
