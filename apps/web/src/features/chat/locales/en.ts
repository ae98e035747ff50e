import { CHAT_MSG } from '@vireo/contracts';
import type { Texts } from '../../../app/locales/shape';

/** The chats: staff rooms, customer chats and the customer's own chat page. */
export const en = {
  errors: { generic: CHAT_MSG.somethingWentWrong, rooms: CHAT_MSG.unableToRetrieveRooms, short: CHAT_MSG.somethingWentWrongShort },
  empty: { claimable: CHAT_MSG.noChats, active: CHAT_MSG.noActiveChats },
  tabs: { label: 'Customer chats', claimable: 'Claimable Chats', picked: 'My Picked chats' },
  claimable: { chatId: 'Chat ID', customer: 'Customer', action: 'Action', claim: 'Claim', claimLabel: 'Claim chat {{id}}', claimed: 'Chat claimed', newChat: 'A new chat is waiting to be claimed' },
  room: {
    title: 'Chat with {{name}}',
    internalTitle: 'Chat: {{names}}',
    online: 'Online',
    offline: 'Offline',
    close: 'Close',
    closeLabel: 'Close the conversation',
    confirmClose: 'Close this conversation? Nobody can write in it afterwards.',
    cancel: 'Cancel',
    message: 'Message',
    send: 'Send',
    internalNote: 'Internal note (the customer does not see it)',
    note: 'Internal note',
    typing: '{{name}} is typing…',
    unread: '{{count}} unread',
    closed: 'This conversation is closed.',
    messages: 'Messages',
    attach: 'Attach an image',
    removeImage: 'Remove the image',
    imageToSend: 'Image to send: {{name}}',
    image: 'Image from {{name}}',
    openImage: 'Open the image from {{name}} full size',
    imageRefused: CHAT_MSG.imageRefused,
  },
  internal: {
    create: 'New room',
    createTitle: 'New staff room',
    members: 'Members',
    chooseMembers: 'Choose at least one member.',
    createAction: 'Create room',
  },
  customer: {
    title: 'Chat with us',
    intro: 'Our support team answers from {{hours}}.',
    name: 'Your name',
    email: 'Your e-mail address',
    start: 'Start a chat',
    signedInAs: 'You are chatting as yourself (signed in).',
    outOfHours: 'We are closed now. Our support team answers from {{hours}}.',
    noStaff: 'Nobody from our support team is online right now.',
    byEmail: 'Continue by e-mail',
    waiting: 'Waiting for a member of our team to join…',
    joined: 'You are chatting with our support team.',
    transcript: 'E-mail me the transcript',
    transcriptSent: CHAT_MSG.transcriptQueued,
    newChat: 'Start a new chat',
    you: 'You',
  },
};

export type ChatTranslation = Texts<typeof en>;
export default en;
