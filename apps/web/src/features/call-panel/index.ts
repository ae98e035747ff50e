/** The practitioner's appointment side panel (spec 2 §2.4): what the video and face-to-face appointment pages show beside the call. */
export { AppointmentPanel } from './AppointmentPanel';
