/** Doctors Management's front door: other modules, app.ts and context.ts import only this file. */
export { doctorsRoutes } from './doctors.routes';
export { setPasswordPages } from './set-password.pages';
export { registerDoctorsMessages } from './mails';
export type { DoctorsDeps } from './service';
