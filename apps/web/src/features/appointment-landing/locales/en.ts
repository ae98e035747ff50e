import type { Texts } from '../../../app/locales/shape';

/** The customer's video appointment landing page (/appointment, spec 2 §2.3). */
export const en = {
  heading: 'Your video appointment',
  cancelled: 'This appointment has been cancelled.',
  expired: 'This link has expired because the appointment is over. Please contact customer services if you need help.',
  completed: {
    heading: 'Your consultation is over.',
    certificate: 'Your certificate will be sent to you by e-mail once your result is ready.',
    results: 'You will also find your results under Test Results when you sign in to your account.',
  },
  loading: 'Loading your appointment…',
  summary: {
    label: 'Your appointment',
    joinEarly: 'Please click your appointment link at least 5 minutes before the start.',
  },
  early: 'Your appointment starts in more than 30 minutes. Come back to this page within 30 minutes of the start to check your camera and microphone and join.',
  devices: {
    heading: 'Check your camera and microphone',
    reminder: 'Your practitioner needs to see and hear you: switch on your camera and microphone and allow this page to use them.',
    preview: 'Your camera preview',
    camera: 'Camera',
    microphone: 'Microphone',
    unnamedCamera: 'Camera {{number}}',
    unnamedMicrophone: 'Microphone {{number}}',
    level: 'Microphone level',
    levelHint: 'Say something: the bar moves when your microphone hears you.',
    starting: 'Starting your camera…',
    denied: 'This page may not use your camera or microphone. Allow them in your browser’s settings for this site, then try again.',
    unavailable: 'Your camera or microphone could not be started. Check that they are connected and not used by another program, then try again.',
    retry: 'Try again',
  },
  questions: {
    yes: 'Yes',
    no: 'No',
    quietSpace: 'Are you in a quiet space where you can talk without being disturbed?',
    quietSpaceNo: 'Please find a quiet, private place before your appointment starts.',
    testKit: 'Do you have your test kit with you?',
    testKitNo: 'Please have your unopened test kit with you: your practitioner will guide you through the test.',
  },
  ready: 'You are ready for your appointment',
  join: 'Join Appointment',
  waiting: {
    countdownLabel: 'Time until your appointment starts',
    startsIn: 'Your appointment starts in',
    starting: 'Your appointment is starting. Your practitioner will be with you shortly.',
    late: 'We are sorry, your practitioner is running late. Please stay with us: they will be with you as soon as possible.',
  },
};

export type AppointmentLandingTranslation = Texts<typeof en>;
export default en;
