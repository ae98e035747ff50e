import { and, asc, eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING, CHAT_LIMITS, CHAT_ROOM_LINK } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import type { Sealer } from '../../platform/sealing';
import { chatCustomers, chatMessages, chatRooms } from '../../db/schema';

interface ChatMailDeps {
  mailer: Mailer;
  sealer: Sealer;
  productName: string;
  publicUrl: string;
}

/** The handler of chat.transcript_requested: what the customer saw of a closed room (never internal notes; an image as `[image]`), e-mailed to them. */
async function sendTranscript(deps: ChatMailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const roomId = event.payload.room_id;
  if (typeof roomId !== 'string') return;
  const [room] = await db
    .select({ email: chatCustomers.email, name: chatCustomers.name })
    .from(chatRooms)
    .innerJoin(chatCustomers, eq(chatCustomers.id, chatRooms.customerId))
    .where(eq(chatRooms.id, roomId));
  if (!room) return;
  const messages = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.internal, false)))
    .orderBy(asc(chatMessages.id));
  const lines = await Promise.all(
    messages.map(async (m) => `[${format(new TZDate(m.createdAt, BOOKING.timeZone), 'dd/MM/yyyy HH:mm')}] ${m.authorKind === 'system' ? '' : `${m.authorName}: `}${[m.imageId ? '[image]' : '', await deps.sealer.open(m.body)].filter(Boolean).join(' ')}`),
  );
  await deps.mailer.send(db, {
    to: room.email,
    template: 'chat.transcript',
    subject: `Your ${deps.productName} chat transcript`,
    text: [`Hello ${room.name},`, '', `Here is the transcript of your chat with ${deps.productName}:`, '', ...lines, '', `The ${deps.productName} team`].join('\n'),
  });
}

/**
 * The handler of chat.customer_answered: staff answered while the customer was away. The e-mail is a
 * notice with the room's link (its token, from the event's secrets, after `#`); it carries no
 * message text, which the customer reads in the room (audited there), unlike a transcript they ask for.
 */
async function sendAnswerNotice(deps: ChatMailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const roomId = event.payload.room_id;
  const token = event.secrets.token;
  if (typeof roomId !== 'string' || !token) return;
  const [room] = await db
    .select({ email: chatCustomers.email, name: chatCustomers.name, customerId: chatCustomers.id })
    .from(chatRooms)
    .innerJoin(chatCustomers, eq(chatCustomers.id, chatRooms.customerId))
    .where(eq(chatRooms.id, roomId));
  if (!room) return;
  const fragment = new URLSearchParams({ [CHAT_ROOM_LINK.room]: roomId, [CHAT_ROOM_LINK.identity]: room.customerId, [CHAT_ROOM_LINK.token]: token });
  const link = `${deps.publicUrl}${CHAT_ROOM_LINK.path}#${fragment.toString()}`;
  await deps.mailer.send(db, {
    to: room.email,
    template: 'chat.answered',
    subject: `${deps.productName} has answered your chat`,
    text: [
      `Hello ${room.name},`,
      '',
      `Our support team has answered your chat with ${deps.productName}. Open the chat to read the answer and reply:`,
      '',
      link,
      '',
      `The link works for ${CHAT_LIMITS.roomLinkDays} days. Do not forward it: anyone holding it can read and write in this chat.`,
      '',
      `The ${deps.productName} team`,
    ].join('\n'),
  });
}

export function registerChatMessages(relay: OutboxRelay, deps: ChatMailDeps): void {
  relay.on('chat.transcript_requested', 'chat.transcript-mail', (event, db) => sendTranscript(deps, event, db));
  relay.on('chat.customer_answered', 'chat.answered-mail', (event, db) => sendAnswerNotice(deps, event, db));
}
