import { CALL_END_WARNING } from '@vireo/contracts';

const en = {
  phase: {
    starting: 'Starting your camera…',
    waitingForPractitioner: 'Waiting for the practitioner to join…',
    waitingForCustomer: 'Waiting for the customer to join…',
    connecting: 'Connecting…',
    connected: 'Connected',
    reconnecting: 'The connection dropped. Reconnecting automatically…',
    paused: 'The practitioner has paused the call. Please stay on this page: they will be back shortly.',
    ended: 'The call has ended.',
    left: 'You have left the call. The appointment is on hold.',
    elsewhere: 'This call is now open in another window.',
    supervisorLeft: 'You have left the call. The consultation goes on without you.',
    takenOver: '{{name}} has taken over this consultation: you are no longer its practitioner.',
  },
  afterCall: {
    certificate: 'What happens next: your certificate will be sent to you by e-mail once your result is ready.',
    results: 'You will also find your results under Test Results when you sign in to your account.',
  },
  mediaError: 'Your camera or microphone could not be used. Check your browser’s permissions for this site, then reload the page.',
  missingLink: 'This link is not complete. Please open the link from your confirmation e-mail again.',
  refused: {
    notYours: 'This appointment is not assigned to you, so you cannot join its call. It may have been reassigned, or taken over by a shift manager.',
  },
  remoteVideo: 'Video of the other participant',
  customerVideo: 'Video of the customer',
  practitionerVideo: 'Video of the practitioner',
  supervisorIn: 'A supervisor is in the call: {{name}}.',
  supervisorHeading: 'Listening in',
  takeOver: {
    button: 'Take over',
    title: 'Take over this consultation?',
    message: 'You become the practitioner of this appointment, as if it were reassigned to you; the practitioner leaves the call and is told.',
    confirm: 'Take over',
    cancel: 'Cancel',
  },
  supervisorHint: 'You are listening in as a supervisor: your microphone is off until you unmute. Leaving or hanging up does not end the consultation.',
  selfView: 'Your camera',
  mute: 'Mute',
  unmute: 'Unmute',
  camera: 'Camera',
  hangUp: 'Hang up',
  pause: 'Pause',
  quality: {
    label: 'Connection: {{quality}}',
    good: 'good',
    fair: 'fair',
    poor: 'poor',
    unknown: 'measuring',
  },
  endCall: {
    title: 'End the call?',
    warning: CALL_END_WARNING,
    confirm: 'End call',
    cancel: 'Cancel',
  },
  heading: 'Video appointment',
  customerHeading: 'Your video appointment',
  sidePanel: 'Appointment details',
  backToDashboard: 'Back to the dashboard',
  close: 'Close the call',
};

export type VideoTranslation = typeof en;
export default en;
