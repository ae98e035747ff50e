import type { TFunction } from 'i18next';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { messageText } from '../../lib/messageIndex';

export type BookingLanguage = 'EN' | 'DE';
export type BookingT = TFunction<'booking'>;

/** The i18next language of a booking language. */
export const languageOf = (language: BookingLanguage) => (language === 'DE' ? 'de' : 'en');
/** The locale its dates, times and prices are written in. */
export const dateLocaleOf = (language: BookingLanguage) => (language === 'DE' ? 'de-DE' : 'en-GB');

/**
 * A booking speaks its own language (the service's or the appointment's; the euro service is German),
 * not necessarily the interface's: its pages provide it, and their parts read the `booking` namespace
 * through a `t` fixed to it.
 */
export const BookingLanguageContext = createContext<BookingLanguage>('EN');

export function useBookingTexts(): { t: BookingT; messageText: MessageTextOf; language: BookingLanguage; dateLocale: string } {
  const language = useContext(BookingLanguageContext);
  return { ...useBookingT(language), language, dateLocale: dateLocaleOf(language) };
}

/** A message from the server or a schema in the booking's language (lib/messageIndex). */
export type MessageTextOf = (message: string) => string;

/** The booking namespace fixed to a booking language, loading it if needed, and the messages in that language. */
export function useBookingT(language: BookingLanguage): { t: BookingT; messageText: MessageTextOf } {
  const { t } = useTranslation('booking', { lng: languageOf(language) });
  return { t, messageText: useMessageTextIn(language) };
}

/**
 * The shared lib/messageIndex fixed to a booking language. The server and the schemas speak English, so an
 * English booking shows a message as it came and loads neither that module (with the English texts it
 * reads messages by) nor the `messages` namespace; a German one loads both, without suspending (a
 * message shows as it came until they arrive).
 */
function useMessageTextIn(language: BookingLanguage): MessageTextOf {
  const translated = language !== 'EN';
  const { t, ready } = useTranslation(translated ? 'messages' : 'booking', { lng: languageOf(language), useSuspense: false });
  const [texts, setTexts] = useState<{ messageText: typeof messageText } | null>(null);
  useEffect(() => {
    if (translated) void import('../../lib/messageIndex').then((module) => setTexts(module));
  }, [translated]);
  return (message) => (translated && ready && texts ? texts.messageText(t as unknown as TFunction<'messages'>, message) : message);
}
