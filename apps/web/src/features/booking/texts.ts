import { BOOKING_MSG } from '@vireo/contracts';
import { createContext, useContext } from 'react';

export type BookingLanguage = 'EN' | 'DE';

/**
 * The booking pages' texts in English and German. A booking follows the language the server gives
 * it (the euro service is German), not the interface language, so these live beside the feature
 * rather than in the shell's i18n resources. Quoted spec texts are kept exactly in English.
 */
const EN = {
  language: 'EN' as BookingLanguage,
  dateLocale: 'en-GB',
  steps: {
    patient: ['Select Date and Time', 'Appointment Summary', 'Booking Confirmation'],
    public: ['Select Time', 'Basic information', 'Finish'],
    /** Customer-edit mode of spec 2 §2.9 (people and travel details are not changed here). */
    edit: ['Booking Appointment', 'Summary', 'Booking Confirmation'],
  },
  headings: {
    patient: 'Book an Appointment',
    public: 'Book an Appointment',
    manage: 'Your Appointment',
    edit: 'Change your appointment',
  },
  slots: {
    calendarLabel: 'Appointment date',
    timesFor: 'Available times on {date}',
    timesLabel: 'Available times',
    shownIn: 'Times are shown in {zone}.',
    showMore: 'Show more',
    none: BOOKING_MSG.noAvailableSlots,
    pickDay: 'Choose a day in the calendar to see its times.',
    loading: 'Loading times…',
    holding: 'Reserving this time…',
    heldFor: 'This time is reserved for you for {time}.',
    heldSlot: 'Your reserved time: {slot}',
    holdLabel: 'Time left to complete your booking',
    holdExpired: 'Your reservation has expired, please choose a time again.',
    chooseTime: BOOKING_MSG.selectTime,
  },
  summary: {
    title: 'Appointment Summary',
    service: 'Service',
    date: 'Date',
    time: 'Time',
    timeZone: 'Time zone',
    price: 'Price',
    free: 'Covered by your organisation',
    rebookFree: 'No charge: this replaces your deleted booking',
    name: 'Name',
    email: 'E-mail',
    dateOfBirth: 'Date of birth',
    people: 'People',
    currentTime: 'Current appointment',
  },
  basic: {
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    telephone: 'Telephone',
    email: 'E-mail',
    discountCode: 'Discount code (optional)',
  },
  card: {
    legend: 'Card payment',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvv: 'CVV',
    billingLegend: 'Billing address',
    company: 'Company (optional)',
    street: 'Address line 1',
    extended: 'Address line 2 (optional)',
    locality: 'Town or city',
    region: 'County (optional)',
    postcode: 'Postcode',
    secureNote: 'Payments are in pounds sterling (GBP).',
  },
  terms: 'I accept the terms and conditions of the appointment',
  marketing: 'Send me news and offers by e-mail',
  actions: {
    next: 'Next',
    back: 'Back',
    confirm: 'Confirm booking',
    pay: 'Pay {amount} and book',
    chooseAnother: 'Choose another time',
    delete: 'Delete appointment',
    reschedule: 'Change time',
    moveHere: 'Move my appointment to this time',
    cancel: 'Cancel',
    rebook: 'Book a new time',
    keep: 'Keep my appointment',
    confirmDelete: 'Yes, delete it',
  },
  confirmation: {
    title: BOOKING_MSG.booked,
    reference: 'Booking reference',
    emailSent: 'We have sent a confirmation with a calendar invitation to {email}. Its link lets you view, change or delete your appointment.',
    joinAdvice: 'Please join at least 5 minutes before the start, from a quiet space with your camera and microphone on.',
    manage: 'View or change this booking',
  },
  failure: {
    title: BOOKING_MSG.bookingFailed,
  },
  missingService: BOOKING_MSG.missingService,
  slotTaken: BOOKING_MSG.slotTaken,
  validation: {
    required: 'This field is required',
    dateOfBirthFuture: BOOKING_MSG.dateOfBirthFuture,
    dateOfBirthTooEarly: BOOKING_MSG.dateOfBirthTooEarly,
  },
  manage: {
    missingLink: 'This link is incomplete. Please use the link in your confirmation e-mail.',
    notFound: 'We could not find this booking. Please use the link in your latest confirmation e-mail.',
    status: 'Status',
    statuses: { booked: 'Booked', cancelled: 'Cancelled', other: 'In progress or finished' },
    within24: BOOKING_MSG.within24Hours,
    deleteTitle: 'Delete this appointment?',
    deleteInTime: 'Your time will be released. You can book a new time with the same link without paying again.',
    deleteLate: 'It starts within 24 hours, so you cannot book a new time with this link; the practitioner will be notified.',
    rescheduleTitle: 'Choose a new time',
    rescheduled: 'Your appointment has been moved. We have sent you a new confirmation e-mail.',
    cancelled: BOOKING_MSG.alreadyCancelled,
    rebookIntro: 'Choose a new time for your appointment.',
    notChangeable: 'This appointment can no longer be changed here.',
  },
  languageSwitch: 'Deutsch',
  languageSwitchLang: 'de',
};

type Shape<T> = { [K in keyof T]: T[K] extends readonly string[] ? readonly string[] : T[K] extends string ? string : Shape<T[K]> };
/** The texts of one language: every key of the English texts, any wording. */
export type BookingTexts = Shape<Omit<typeof EN, 'language'>> & { language: BookingLanguage };

const DE: BookingTexts = {
  language: 'DE',
  dateLocale: 'de-DE',
  steps: {
    patient: ['Datum und Uhrzeit wählen', 'Terminübersicht', 'Buchungsbestätigung'],
    public: ['Uhrzeit wählen', 'Persönliche Angaben', 'Abschluss'],
    edit: ['Terminauswahl', 'Zusammenfassung', 'Buchungsbestätigung'],
  },
  headings: { patient: 'Termin buchen', public: 'Termin buchen', manage: 'Ihr Termin', edit: 'Termin ändern' },
  slots: {
    calendarLabel: 'Termindatum',
    timesFor: 'Freie Uhrzeiten am {date}',
    timesLabel: 'Freie Uhrzeiten',
    shownIn: 'Die Uhrzeiten sind in {zone} angegeben.',
    showMore: 'Mehr anzeigen',
    none: 'Keine freien Termine.',
    pickDay: 'Wählen Sie einen Tag im Kalender, um die Uhrzeiten zu sehen.',
    loading: 'Uhrzeiten werden geladen…',
    holding: 'Diese Uhrzeit wird reserviert…',
    heldFor: 'Diese Uhrzeit ist noch {time} für Sie reserviert.',
    heldSlot: 'Ihre reservierte Uhrzeit: {slot}',
    holdLabel: 'Verbleibende Zeit für Ihre Buchung',
    holdExpired: 'Ihre Reservierung ist abgelaufen, bitte wählen Sie erneut eine Uhrzeit.',
    chooseTime: 'Bitte wählen Sie eine Uhrzeit für den Termin.',
  },
  summary: {
    title: 'Terminübersicht',
    service: 'Leistung',
    date: 'Datum',
    time: 'Uhrzeit',
    timeZone: 'Zeitzone',
    price: 'Preis',
    free: 'Von Ihrer Organisation übernommen',
    rebookFree: 'Kostenlos: ersetzt Ihre gelöschte Buchung',
    name: 'Name',
    email: 'E-Mail',
    dateOfBirth: 'Geburtsdatum',
    people: 'Personen',
    currentTime: 'Bisheriger Termin',
  },
  basic: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    dateOfBirth: 'Geburtsdatum',
    telephone: 'Telefon',
    email: 'E-Mail',
    discountCode: 'Rabattcode (optional)',
  },
  card: {
    legend: 'Kartenzahlung',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvv: 'Prüfnummer (CVV)',
    billingLegend: 'Rechnungsadresse',
    company: 'Firma (optional)',
    street: 'Adresszeile 1',
    extended: 'Adresszeile 2 (optional)',
    locality: 'Ort',
    region: 'Bundesland/Region (optional)',
    postcode: 'Postleitzahl',
    secureNote: 'Zahlungen erfolgen in britischen Pfund (GBP).',
  },
  terms: 'Ich akzeptiere die Geschäftsbedingungen des Termins',
  marketing: 'Ich möchte Neuigkeiten und Angebote per E-Mail erhalten',
  actions: {
    next: 'Weiter',
    back: 'Zurück',
    confirm: 'Buchung bestätigen',
    pay: '{amount} bezahlen und buchen',
    chooseAnother: 'Andere Uhrzeit wählen',
    delete: 'Termin löschen',
    reschedule: 'Uhrzeit ändern',
    moveHere: 'Termin auf diese Uhrzeit verlegen',
    cancel: 'Abbrechen',
    rebook: 'Neuen Termin buchen',
    keep: 'Termin behalten',
    confirmDelete: 'Ja, löschen',
  },
  confirmation: {
    title: 'Ihr Termin wurde gebucht',
    reference: 'Buchungsnummer',
    emailSent: 'Wir haben eine Bestätigung mit Kalendereinladung an {email} gesendet. Über den Link darin können Sie Ihren Termin ansehen, ändern oder löschen.',
    joinAdvice: 'Bitte treten Sie mindestens 5 Minuten vor Beginn bei, an einem ruhigen Ort mit eingeschalteter Kamera und Mikrofon.',
    manage: 'Buchung ansehen oder ändern',
  },
  failure: { title: 'Bei Ihrer Buchung ist etwas schiefgelaufen.' },
  missingService: 'Angaben fehlen, bitte buchen Sie über den Link in Ihrer E-Mail',
  slotTaken: 'Leider ist diese Uhrzeit bereits vergeben. Bitte wählen Sie eine andere. Vielen Dank!',
  validation: {
    required: 'Dieses Feld ist erforderlich',
    dateOfBirthFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen',
    dateOfBirthTooEarly: 'Das Geburtsdatum muss am oder nach dem 01.01.1921 liegen',
  },
  manage: {
    missingLink: 'Dieser Link ist unvollständig. Bitte verwenden Sie den Link aus Ihrer Bestätigungs-E-Mail.',
    notFound: 'Diese Buchung wurde nicht gefunden. Bitte verwenden Sie den Link aus Ihrer neuesten Bestätigungs-E-Mail.',
    status: 'Status',
    statuses: { booked: 'Gebucht', cancelled: 'Storniert', other: 'Läuft oder abgeschlossen' },
    within24: 'Dieser Termin beginnt in weniger als 24 Stunden: Er kann nicht mehr geändert werden, und beim Löschen wird nur die behandelnde Person benachrichtigt.',
    deleteTitle: 'Diesen Termin löschen?',
    deleteInTime: 'Ihre Uhrzeit wird freigegeben. Mit demselben Link können Sie ohne erneute Zahlung einen neuen Termin buchen.',
    deleteLate: 'Der Termin beginnt in weniger als 24 Stunden, daher können Sie mit diesem Link keinen neuen Termin buchen; die behandelnde Person wird benachrichtigt.',
    rescheduleTitle: 'Neue Uhrzeit wählen',
    rescheduled: 'Ihr Termin wurde verlegt. Wir haben Ihnen eine neue Bestätigung per E-Mail gesendet.',
    cancelled: 'Dieser Termin wurde storniert.',
    rebookIntro: 'Wählen Sie eine neue Uhrzeit für Ihren Termin.',
    notChangeable: 'Dieser Termin kann hier nicht mehr geändert werden.',
  },
  languageSwitch: 'English',
  languageSwitchLang: 'en',
};

export const BOOKING_TEXTS: Record<BookingLanguage, BookingTexts> = { EN, DE };

/** Server messages that have a German text of their own; others are shown as the server sent them. */
const GERMAN_SERVER_MESSAGES: Record<string, string> = {
  [BOOKING_MSG.noAvailableSlots]: DE.slots.none,
  [BOOKING_MSG.slotTaken]: DE.slotTaken,
  [BOOKING_MSG.cardDeclined]: 'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.',
  [BOOKING_MSG.cardInvalid]: 'Bitte prüfen Sie Ihre Kartendaten.',
  [BOOKING_MSG.holdExpired]: DE.slots.holdExpired,
  [BOOKING_MSG.holdNotYours]: 'Diese Uhrzeit ist von jemand anderem reserviert. Bitte wählen Sie eine andere.',
  [BOOKING_MSG.tooManyHolds]: 'Aus Ihrem Netzwerk wurden zu viele Uhrzeiten reserviert. Bitte versuchen Sie es in einigen Minuten erneut.',
  [BOOKING_MSG.linkExpired]: 'Dieser Link ist abgelaufen, weil der Termin vorbei ist. Bitte wenden Sie sich bei Fragen an den Kundenservice.',
  [BOOKING_MSG.within24Hours]: DE.manage.within24,
  [BOOKING_MSG.deleted]: 'Ihr Termin wurde gelöscht. Mit demselben Link können Sie eine neue Uhrzeit buchen.',
  [BOOKING_MSG.deletedLate]: 'Ihr Termin wurde storniert und die behandelnde Person wurde benachrichtigt.',
  [BOOKING_MSG.alreadyCancelled]: DE.manage.cancelled,
  [BOOKING_MSG.dateOfBirthFuture]: DE.validation.dateOfBirthFuture,
  [BOOKING_MSG.inputInvalid]: 'Eingabe ist ungültig',
  [BOOKING_MSG.emailInvalid]: 'E-Mail-Adresse ist ungültig',
  [BOOKING_MSG.telephoneInvalid]: 'Telefonnummer ist ungültig',
  [BOOKING_MSG.invalidDate]: 'Ungültiges Datum',
  [BOOKING_MSG.dateOfBirthTooEarly]: DE.validation.dateOfBirthTooEarly,
  [BOOKING_MSG.acceptTerms]: 'Bitte bestätigen Sie dies',
  [BOOKING_MSG.cardNumberInvalid]: 'Bitte geben Sie eine gültige Kartennummer ein',
  [BOOKING_MSG.cardExpiryFormat]: 'Bitte im Format MM/JJ angeben',
  [BOOKING_MSG.cardExpired]: 'Diese Karte ist abgelaufen.',
  [BOOKING_MSG.cvvInvalid]: 'Bitte geben Sie die 3 oder 4 Ziffern auf der Kartenrückseite ein',
  [BOOKING_MSG.serviceNotBookable]: 'Diese Leistung kann hier nicht gebucht werden.',
  [BOOKING_MSG.amountMismatch]: 'Der Betrag stimmt nicht mit dem Preis dieses Termins überein.',
  [BOOKING_MSG.guardianNeeded]: 'Kinder unter 16 Jahren dürfen nur mit einer erziehungsberechtigten Person ab 18 Jahren auf derselben Buchung teilnehmen.',
};

/** A message from the server in the booking's language. */
export function serverMessage(texts: BookingTexts, message: string): string {
  return texts.language === 'DE' ? (GERMAN_SERVER_MESSAGES[message] ?? message) : message;
}

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export const BookingTextsContext = createContext<BookingTexts>(EN);

export function useBookingTexts(): BookingTexts {
  return useContext(BookingTextsContext);
}
