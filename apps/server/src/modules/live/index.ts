/** The live module's front door: app.ts imports only this file. */
export { liveRoutes } from './live.routes';
