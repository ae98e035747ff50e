/** The Messages module's front door: other modules, app.ts and context.ts import only this file. */
export { messagesRoutes } from './messages.routes';
export { registerMessagesResend } from './service';
export type { MessagesDeps } from './service';
