/** chat.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const CHAT_ROOM_TYPES = ['internal', 'external'] as const;
export const CHAT_ROOM_STATUSES = ['claimable', 'live', 'closed'] as const;

/** The `user_role` of an external room: its customer's. */
export const CHAT_CUSTOMER_ROLE = 'customer';

/** The header a customer sends their chat token in (never a URL). */
export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const CHAT_LIMITS = {
  bodyMax: 2_000,
  membersMax: 20,
  messagesPage: 200,
  /** Support hours, Europe/London, every day: from 7 AM to before 7 PM. */
  openHour: 7,
  closeHour: 19,
  /** A member is online when their page reported within this many seconds. */
  onlineWithinSeconds: 90,
  /** Public side: customers started per address, and messages per room, per window. */
  tokensPerAddress: 10,
  messagesPerRoom: 30,
  windowSeconds: 60,
  /** Images: at most this many bytes and pixels as sent; kept at most `imageSide` px a side, with a thumbnail. */
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageSide: 2_048,
  thumbnailSide: 320,
  /** How long an image's signed link works. */
  imageLinkSeconds: 300,
  /** Staff answering a customer who is away: at most one e-mail per room per this many seconds; its room link works this many days. */
  replyMailEverySeconds: 600,
  roomLinkDays: 7,
} as const;

/**
 * The customer's page reads a room link from its #fragment (never a query string, so it never reaches
 * a server or a log): `#room=<id>&identity=<customer>&token=<room-link token>`.
 */
export const CHAT_ROOM_LINK = { path: '/chats/app/customer', room: 'room', identity: 'identity', token: 'token' } as const;

/** The images a chat takes, by the type read from their bytes. */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];

export const CHAT_MSG = {
  somethingWentWrong: 'Something went wrong, please try again.',
  unableToRetrieveRooms: 'Unable to retrieve rooms.',
  somethingWentWrongShort: 'Something went wrong',
  noChats: 'No chats to display',
  noActiveChats: 'No active chats',
  closedConversation: '{user} closed conversation',
  alreadyClaimed: 'This chat has already been claimed.',
  roomClosed: 'This conversation is closed.',
  notClaimable: 'Only a claimable chat can be claimed.',
  internalNotesStaffOnly: 'Only staff write internal notes, and only in a customer chat.',
  membersNotStaff: 'Every member must be a member of staff.',
  tooManyMessages: 'Too many messages. Please wait a minute and try again.',
  supportHours: '7 AM to 7 PM UK time, 7 days',
  transcriptQueued: 'The transcript will be e-mailed to you.',
  imageRefused: 'Send a PNG, JPEG or WebP image of at most 5 MB.',
  imageInfected: 'This file was refused by the virus check.',
  imageLinkExpired: 'This link has expired. Open the image again from the chat.',
} as const;

const londonHour = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' });

/**
 * Whether `at` is within the support hours (7 AM to 7 PM in London, every day). The server says so
 * in GET /v1/chat/status; the customer's page asks this of its own clock, so it changes on the hour.
 */
export function withinSupportHours(at: Date): boolean {
  const hour = Number(londonHour.format(at));
  return hour >= CHAT_LIMITS.openHour && hour < CHAT_LIMITS.closeHour;
}

/** '{user} closed conversation' for one name. */
export const closedConversation = (user: string): string => CHAT_MSG.closedConversation.replace('{user}', user);

/** The `chat` live topic (published by the chat module only): something happened in `room_id`. */
export const CHAT_LIVE = {
  topic: 'chat',
  kinds: { message: 'chat.message', room: 'chat.room', claimable: 'chat.claimable', typing: 'chat.typing' },
} as const;
