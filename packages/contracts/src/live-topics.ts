import { z } from 'zod';
import { BOOKING_LIVE_DATA } from './booking';
import { ChatLiveData } from './chat';
import { Uuid } from './validation';
import { VoiceLiveData } from './voice';

/** The payload of the `rota` topic (published by the rota): a shift was created, moved or removed. */
export const RotaLiveData = z.object({ shift_id: Uuid, practitioner_id: Uuid });
/** The payload of the `doctors` topic (published by Doctors Management): a practitioner changed. */
export const DoctorsLiveData = z.object({ user_id: Uuid, organisation_id: Uuid });

/**
 * Every live topic a page may subscribe to, with the one schema of its events' `data` (the booking
 * engine's in `BOOKING_LIVE`, the chat's in `chat.ts`, the rota's and Doctors Management's here, the voice service's in `voice.ts`, so that the web app's live
 * client does not bring the rota's other schemas). A topic has one publisher, which checks its
 * payload before publishing; the web app checks each event (`live-protocol.ts` `parseLiveData`) and ignores one that does not match.
 */
export const LIVE_TOPIC_DATA = { ...BOOKING_LIVE_DATA, rota: RotaLiveData, doctors: DoctorsLiveData, chat: ChatLiveData, voice: VoiceLiveData };

export type LiveTopic = keyof typeof LIVE_TOPIC_DATA;
export type LiveTopicData<T extends LiveTopic> = z.infer<(typeof LIVE_TOPIC_DATA)[T]>;

