import { and, asc, eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import type { Sealer } from '../../platform/sealing';
import { chatCustomers, chatMessages, chatRooms } from '../../db/schema';

interface ChatMailDeps {
  mailer: Mailer;
  sealer: Sealer;
  productName: string;
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

export function registerChatMessages(relay: OutboxRelay, deps: ChatMailDeps): void {
  relay.on('chat.transcript_requested', 'chat.transcript-mail', (event, db) => sendTranscript(deps, event, db));
}
