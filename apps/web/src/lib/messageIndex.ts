import type { TFunction } from 'i18next';
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
type LookUp = (key: MessageKey, options?: Record<string, string | number>) => string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The namespace's groups that label values (by the value, not by an English text) or hold a part of other texts. */
const NOT_MESSAGES = new Set(['status', 'result', 'wait']);
/**
 * What a placeholder of a text made by a function stands for: a number, a wait as contracts' describeWait writes
 * it, an English article (so a test's name of several words, 'a Fit to Fly code', stays whole), else any text.
 */
const PLACEHOLDER_PATTERNS: Record<string, string> = { n: '-?\\d+(?:\\.\\d+)?', wait: '\\d+ (?:second|minute)s?', article: 'an?' };
const PLACEHOLDER = /\{\{(\w+)\}\}/;

/** Texts made by a function (FIELD_MSG.atLeastCharacters(n), tooManyEmailsToRecipient(address, seconds)) by their pattern, the others by their text. */
const EXACT = new Map<string, MessageKey>();
const PATTERNS: { pattern: RegExp; key: MessageKey }[] = [];
for (const [group, texts] of Object.entries(en)) {
  if (NOT_MESSAGES.has(group)) continue;
  for (const [name, text] of Object.entries(texts as Record<string, string>)) {
    const key = `${group}.${name}`;
    if (PLACEHOLDER.test(text)) {
      const pattern = escapeRegExp(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, placeholder: string) => `(?<${placeholder}>${PLACEHOLDER_PATTERNS[placeholder] ?? '.+'})`);
      PATTERNS.push({ key, pattern: new RegExp(`^${pattern}$`) });
    } else if (!EXACT.has(text)) EXACT.set(text, key);
  }
}

/** A wait as describeWait wrote it ("1 minute", "45 seconds") in the language of `lookUp`. */
function waitText(lookUp: LookUp, wait: string): string {
  const [count, unit] = wait.split(' ') as [string, string];
  return lookUp(`wait.${unit.replace(/s$/, '')}`, { count: Number(count) });
}

/** A message from the server or a schema in the language of `t` (the `messages` namespace). */
export function messageText(t: MessagesT, message: string): string {
  const lookUp = t as unknown as LookUp;
  const key = EXACT.get(message);
  if (key) return lookUp(key);
  for (const { pattern, key: patternKey } of PATTERNS) {
    const values = pattern.exec(message)?.groups;
    if (values) return lookUp(patternKey, values.wait === undefined ? values : { ...values, wait: waitText(lookUp, values.wait) });
  }
  return message;
}
