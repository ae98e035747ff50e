/** The user-data module's front door: other modules, app.ts, context.ts and the seed import only this file. */
export { userdataRoutes } from './userdata.routes';
export { registrationPages } from './registration.pages';
export { registerUserdataMessages } from './mails';
export { attachResult, createUserdataDeps, type UserdataDeps } from './service';
export { seedDemoHealthData } from './demo-seed';
