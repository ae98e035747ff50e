/** The health module's front door: app.ts imports only this file. */
export { healthRoutes } from './routes';
