/** The video service's front door: other modules, app.ts and context.ts import only this file. */
export { videoRoutes } from './video.routes';
export { CallRooms, type VideoDeps } from './service';
export { iceServersFor, turnCredential } from './ice';
