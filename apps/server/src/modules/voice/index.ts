/** The voice service's front door: app.ts and context.ts import only this file. */
export { voiceRoutes } from './voice.routes';
export type { VoiceDeps } from './service';
export { TwilioCompatiblePhone } from './phone';
