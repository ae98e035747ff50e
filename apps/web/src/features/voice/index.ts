/** The voice service's web side (spec 2 §2.4): the practitioner's call widget and the customer's incoming call. */
export { useVoiceWidget, type VoiceWidget as VoiceWidgetState } from './useVoiceWidget';
export { VoiceWidget } from './VoiceWidget';
export { IncomingCall } from './IncomingCall';
