/** The chat feature's front door: the drawer's unread counts. Its pages load from the route table. */
export { UnreadCount } from './components/UnreadCount';
