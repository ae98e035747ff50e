import { lazy } from 'react';

/**
 * The chat feature's front door: the customer's launcher (the booking pages, the video landing page)
 * and the drawer's unread counts, lazy so that the launcher's pages load none of the staff's live
 * chat code. Its pages load from the route table.
 */
export { ChatLauncher } from './components/ChatLauncher';
export const UnreadCount = lazy(() => import('./components/UnreadCount').then((m) => ({ default: m.UnreadCount })));
