/** Where the landing page leaves the devices chosen in its check for the call page (sessionStorage, this tab only). */
export const CHOSEN_DEVICES_KEY = 'vireo.video.devices';

export interface ChosenDevices {
  videoDeviceId?: string;
  audioDeviceId?: string;
}

export function saveChosenDevices(devices: ChosenDevices, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  const value: ChosenDevices = {};
  if (devices.videoDeviceId) value.videoDeviceId = devices.videoDeviceId;
  if (devices.audioDeviceId) value.audioDeviceId = devices.audioDeviceId;
  storage.setItem(CHOSEN_DEVICES_KEY, JSON.stringify(value));
}

/** The in-call page of the customer, with the link token carried as on the landing page. */
export function callPath(appointmentId: string, shortToken: string): string {
  return `/appointment/call?${new URLSearchParams({ appointmentId, short_token: shortToken }).toString()}`;
}
