/** The video call (spec 2 §2.3): what other areas use to host a call (the shift manager's live dashboard). */
export { useCall, type Call, type CallPhase, type CallOptions } from './useCall';
export { VideoCall, type VideoCallProps } from './components/VideoCall';
export { fetchVideoToken } from './api';
export { PractitionerCall } from './components/PractitionerCall';
export { SupervisorCall } from './components/SupervisorCall';
export type { CallTools } from './components/PractitionerCall';
export type { KitScan, ScanSource } from './kitScan';
