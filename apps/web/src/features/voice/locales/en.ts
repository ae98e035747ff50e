const en = {
  widget: 'Call widget',
  states: { connecting: 'Connecting', ready: 'Ready', onCall: 'On call', offline: 'Offline' },
  noPhoneProvider: 'Phone calls need a voice provider. The call button rings the customer’s open Vireo page instead.',
  calling: 'Calling {{name}}…',
  onCallWith: 'On call with {{name}}',
  connecting: 'Connecting the call…',
  hangUp: 'Hang up',
  mute: 'Mute',
  unmute: 'Unmute',
  declined: '{{name}} declined the call.',
  noAnswer: '{{name}} did not answer.',
  ended: 'The call has ended.',
  lost: 'The call was lost.',
  incoming: '{{name}} is calling',
  incomingHint: 'Your practitioner is calling you about your appointment. Answer to talk through your browser.',
  answer: 'Answer',
  decline: 'Decline',
  microphone: 'Your microphone could not be used. Check your browser’s permissions for this site.',
  remoteAudio: 'Audio of the other party',
  failed: 'Something went wrong',
  close: 'Close',
};

export type VoiceTranslation = typeof en;
export default en;
