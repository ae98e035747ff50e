import type { AppointmentStatus } from '@vireo/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../features/messages/locales/en';

/**
 * The server answers in the spec's English, whatever the interface's language, and contracts' schemas
 * validate forms in it too. The web app shows each known text in the interface's language: one
 * mapping from a message's English text to its key in the `messages` namespace (contracts' message
 * constants, grouped and named as there), used for field errors from a form's schema or from the
 * server, toasts and alerts. A text it does not know is shown as it came.
 */
type MessagesT = TFunction<'messages'>;
/** A key found at run time, by a message's text. */
type MessageKey = string;
type LookUp = (key: MessageKey, options?: { n: string | undefined }) => string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts made by a function (FIELD_MSG.atLeastCharacters(n)) by their pattern, the others by their text. */
const EXACT = new Map<string, MessageKey>();
const PATTERNS: { pattern: RegExp; key: MessageKey }[] = [];
for (const [group, texts] of Object.entries(en)) {
  if (group === 'status') continue;
  for (const [name, text] of Object.entries(texts as Record<string, string>)) {
    const key = `${group}.${name}`;
    if (text.includes('{{n}}')) PATTERNS.push({ key, pattern: new RegExp(`^${escapeRegExp(text).replace('\\{\\{n\\}\\}', '(-?\\d+(?:\\.\\d+)?)')}$`) });
    else if (!EXACT.has(text)) EXACT.set(text, key);
  }
}

/** A message from the server or a schema in the language of `t` (the `messages` namespace). */
export function messageText(t: MessagesT, message: string): string {
  const lookUp = t as unknown as LookUp;
  const key = EXACT.get(message);
  if (key) return lookUp(key);
  for (const { pattern, key: patternKey } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return lookUp(patternKey, { n: match[1] });
  }
  return message;
}

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
