import type { AppointmentStatus } from '@vireo/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../features/messages/locales/en';
import { messageText } from './messageIndex';

/** The server's and the forms' messages and the appointment statuses in the interface's language (the texts by lib/messageIndex). */
type MessagesT = TFunction<'messages'>;

/**
 * The `messages` namespace's `t` once it has loaded in the interface's language, else null. It never
 * suspends: a text first shows as it came (the spec's English) and changes when its translation arrives.
 */
function useMessagesT(): MessagesT | null {
  const { t, ready } = useTranslation('messages', { useSuspense: false });
  return ready ? t : null;
}

/** `messageText` in the interface's language. */
export function useMessageText(): (message: string) => string {
  const t = useMessagesT();
  return (message) => (t ? messageText(t, message) : message);
}

/** A message from the server or a schema, in the interface's language (for a field's helper text). */
export function MessageText({ message }: { message: string }): string {
  return useMessageText()(message);
}

/** An appointment status as the spec labels it (On Hold, Ongoing, Not Started, …), in the interface's language. */
export function useStatusLabel(): (status: AppointmentStatus | null) => string {
  const t = useMessagesT();
  return (status) => (status === null ? '' : t ? t(`status.${status}`) : en.status[status]);
}
