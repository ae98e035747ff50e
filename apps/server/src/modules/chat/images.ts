import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { CHAT_LIMITS, CHAT_MSG, MSG, type ChatImageType, type ChatMessage } from '@vireo/contracts';
import { scanWithClamd } from '../../platform/clamav';
import type { LinkGrant } from '../../platform/download-links';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema';
import { roomToWrite, visibleRoom, writeMessage, type ChatActor, type ChatDeps, type StoredImage } from './service';

export type ImageVariant = 'full' | 'thumbnail';

/** The image type the bytes themselves say (PNG, JPEG or WebP signatures), whatever the name or header claimed. */
export function imageTypeOf(data: Buffer): ChatImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<ChatImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * Decodes the picture (so it is one, of the type its bytes say, within the pixel limit), turns it
 * upright and writes it anew in its own format without any metadata (sharp keeps none unless asked),
 * at most `imageSide` px a side, with a WebP thumbnail. Null when it does not decode as that type.
 */
async function reencode(data: Buffer, type: ChatImageType): Promise<{ image: Buffer; thumbnail: Buffer; width: number; height: number } | null> {
  try {
    const source = sharp(data, { limitInputPixels: CHAT_LIMITS.imageMaxPixels, failOn: 'error' });
    const { format } = await source.metadata();
    if (format !== SHARP_FORMAT[type]) return null;
    const upright = source.rotate().resize({ width: CHAT_LIMITS.imageSide, height: CHAT_LIMITS.imageSide, fit: 'inside', withoutEnlargement: true });
    const encoded = type === 'image/png' ? upright.png() : type === 'image/jpeg' ? upright.jpeg({ quality: 85 }) : upright.webp({ quality: 85 });
    const { data: image, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image).resize({ width: CHAT_LIMITS.thumbnailSide, height: CHAT_LIMITS.thumbnailSide, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

const refused = () => badRequest(CHAT_MSG.imageRefused, { image: CHAT_MSG.imageRefused });

/**
 * POST /v1/chat/room/{id}/images: an image (and an optional caption) to the actor's open room. The
 * type comes from the bytes; with CLAMD_ADDRESS set the file is scanned first (a scan that fails
 * refuses it: nothing unscanned is kept); then it is re-encoded and stored with its thumbnail.
 * Anything refused leaves nothing stored.
 */
export async function postImage(deps: ChatDeps, actor: ChatActor, roomId: string, file: { data: Buffer } | null, input: { body: string; internal: boolean }): Promise<ChatMessage> {
  const room = await roomToWrite(deps, actor, roomId, input.internal);
  if (!file || file.data.length === 0 || file.data.length > CHAT_LIMITS.imageMaxBytes) throw refused();
  const type = imageTypeOf(file.data);
  if (!type) throw refused();
  if (deps.clamdAddress) {
    let scan;
    try {
      scan = await scanWithClamd(deps.clamdAddress, file.data);
    } catch {
      throw new AppError(503, CHAT_MSG.somethingWentWrong);
    }
    if (!scan.clean) {
      await deps.audit.record({ action: 'chat.image_refused', outcome: 'failure', resourceType: 'chat_room', resourceId: roomId, details: { signature: scan.signature } }, actor.caller);
      throw badRequest(CHAT_MSG.imageInfected, { image: CHAT_MSG.imageInfected });
    }
  }
  const encoded = await reencode(file.data, type);
  if (!encoded) throw refused();
  const key = await deps.files.put(encoded.image, type, 'chat-images');
  const thumbnailKey = await deps.files.put(encoded.thumbnail, 'image/webp', 'chat-images');
  const image: StoredImage = { id: randomUUID(), key, thumbnailKey, type, width: encoded.width, height: encoded.height };
  try {
    return await writeMessage(deps, actor, room, { ...input, image });
  } catch (error) {
    await Promise.all([deps.files.delete(key), deps.files.delete(thumbnailKey)]);
    throw error;
  }
}

const linksOf = (deps: ChatDeps, variant: ImageVariant) => (variant === 'full' ? deps.imageLinks : deps.thumbnailLinks);

function imageUrl(imageId: string, variant: ImageVariant, grant: LinkGrant): string {
  const query = new URLSearchParams({ user: grant.user, expires: String(grant.expires), signature: grant.signature });
  return `/api/chat/v1/chat/image/${imageId}/${variant}?${query.toString()}`;
}

/**
 * GET /v1/chat/room/{id}/messages/{messageId}/image: short-lived signed links to a message's image
 * and thumbnail, issued to the member who asks (customers: not for internal notes). Issuing them in
 * a customer room is an audited read.
 */
export async function imageLinks(deps: ChatDeps, actor: ChatActor, roomId: string, messageId: number): Promise<{ url: string; thumbnail_url: string; expires: number }> {
  const room = await visibleRoom(deps.db, actor, roomId);
  const [message] = await deps.db
    .select({ imageId: chatMessages.imageId, internal: chatMessages.internal })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.roomId, roomId)));
  if (!message?.imageId || (actor.kind === 'customer' && message.internal)) throw notFound();
  const member = actor.kind === 'staff' ? actor.auth.userId : actor.customer.id;
  const full = await deps.imageLinks.sign(message.imageId, member);
  const thumbnail = await deps.thumbnailLinks.sign(message.imageId, member);
  if (room.type === 'external') {
    await deps.audit.healthData(deps.db, actor.caller, { action: 'read', resourceType: 'chat_image', resourceIds: [message.imageId], ...(actor.kind === 'customer' ? { actorKind: 'link_holder' as const } : {}) });
  }
  return { url: imageUrl(message.imageId, 'full', full), thumbnail_url: imageUrl(message.imageId, 'thumbnail', thumbnail), expires: full.expires };
}

/**
 * GET /v1/chat/image/{imageId}/{variant}: the bytes behind a signed link, while its holder is still
 * in the room (a staff member among its members, or its customer; internal notes never to the
 * customer). Anything else answers 404, an expired link says so.
 */
export async function imageFile(deps: ChatDeps, imageId: string, variant: ImageVariant, grant: LinkGrant): Promise<{ data: Buffer; contentType: string }> {
  const check = await linksOf(deps, variant).verify(imageId, grant);
  if (!check.ok) throw new AppError(404, check.reason === 'expired' ? CHAT_MSG.imageLinkExpired : MSG.notFound);
  const [row] = await deps.db
    .select({ key: chatMessages.imageKey, thumbnailKey: chatMessages.thumbnailKey, internal: chatMessages.internal, roomId: chatMessages.roomId, customerId: chatRooms.customerId })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatMessages.imageId, imageId));
  if (!row?.key || !row.thumbnailKey) throw notFound();
  const isCustomer = row.customerId === check.userId && !row.internal;
  if (!isCustomer) {
    const [member] = await deps.db
      .select({ userId: chatRoomMembers.userId })
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, row.roomId), eq(chatRoomMembers.userId, check.userId)));
    if (!member) throw notFound();
  }
  const file = await deps.files.get(variant === 'full' ? row.key : row.thumbnailKey);
  if (!file) throw notFound();
  return file;
}
