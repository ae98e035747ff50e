import { BOOKING_MSG } from '@vireo/contracts';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

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

export function useBookingTexts(): { t: BookingT; language: BookingLanguage; dateLocale: string } {
  const language = useContext(BookingLanguageContext);
  return { ...useBookingT(language), language, dateLocale: dateLocaleOf(language) };
}

/** The booking namespace fixed to a booking language, loading it if needed. */
export function useBookingT(language: BookingLanguage): { t: BookingT } {
  const { t } = useTranslation('booking', { lng: languageOf(language) });
  return { t };
}

const SERVER_KEYS = new Map<string, string>(Object.entries(BOOKING_MSG).map(([key, text]) => [text, key]));

/** A message from the server in the booking's language; one without a text in `server` is shown as the server sent it. */
export function serverMessage(t: BookingT, message: string): string {
  const key = SERVER_KEYS.get(message);
  const texts: Record<string, string> = t('server', { returnObjects: true });
  return (key === undefined ? undefined : texts[key]) ?? message;
}
