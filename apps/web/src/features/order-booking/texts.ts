import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingLanguageContext, languageOf, useBookingTexts } from '../booking';

/** The wizard's texts in the booking's language (the page's BookingLanguageContext), and server messages in it too. */
export function useOrderBookingTexts() {
  const language = useContext(BookingLanguageContext);
  const { t } = useTranslation('order-booking', { lng: languageOf(language) });
  const { messageText, dateLocale } = useBookingTexts();
  return { t, messageText, dateLocale, language };
}
