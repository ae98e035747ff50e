/** The chat module's front door: other modules, app.ts and context.ts import only this file. */
export { chatRoutes } from './chat.routes';
export { registerChatMessages } from './mails';
export { createChatDeps, guestLiveKey, sealStoredBodies } from './service';
export type { ChatDeps } from './service';
