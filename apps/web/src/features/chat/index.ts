/** The chat feature's front door: the drawer's unread counts and the customer's launcher. Its pages load from the route table. */
export { ChatLauncher } from './components/ChatLauncher';
export { UnreadCount } from './components/UnreadCount';
