import type { ShopTranslation } from './en';

const shop: ShopTranslation = {
  title: 'Antigen-Kits kaufen',
  intro: 'Bestellen Sie mindestens 8 Werktage vor dem Eingriff.',
  steps: { kit: 'Test-Kit', shipping: 'Lieferung', billing: 'Rechnung', payment: 'Zahlung', summary: 'Übersicht', confirmation: 'Bestätigung' },
  actions: { back: 'Zurück', next: 'Weiter', place: '{{amount}} bezahlen und bestellen', placeFree: 'Bestellen' },
  kit: {
    label: 'Test-Kits',
    outOfStock: 'Nicht vorrätig',
    quantity: 'Menge',
    error: 'Fehler beim Laden der Produkte',
    empty: 'Zurzeit sind keine Test-Kits erhältlich.',
  },
  address: {
    address1: 'Adresszeile 1',
    address2: 'Adresszeile 2',
    town: 'Ort',
    county: 'Bezirk',
    postcode: 'Postleitzahl',
    telephone: 'Telefon',
  },
  billing: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    telephone: 'Telefon',
    sameAddress: 'Die Rechnungsadresse ist die Lieferadresse',
    address: 'Rechnungsadresse',
  },
  payment: {
    discount: 'Rabattcode',
    discountHelp: 'Optional',
    apply: 'Einlösen',
    applied: 'Code {{code}} eingelöst',
    card: 'Kartendaten',
    number: 'Kartennummer',
    expiry: 'Gültig bis (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    nothingDue: 'Es ist nichts zu zahlen: Eine Karte wird nicht benötigt.',
  },
  summary: {
    label: 'Ihre Bestellung',
    item: 'Artikel',
    quantity: 'Menge',
    amount: 'Betrag',
    discount: 'Rabatt ({{code}})',
    vat: 'darin enthaltene MwSt.',
    total: 'Gesamt',
    shipTo: 'Lieferung an',
    billTo: 'Rechnung an',
    serverDecides: 'Der abgebuchte Betrag wird bei der Bestellung erneut berechnet.',
  },
  confirmation: {
    success: 'Vielen Dank, Ihre Bestellung ist eingegangen.',
    shortToken: 'Ihre Bestellnummer (Kurzcode)',
    emailed: 'Eine Bestätigung wurde an {{email}} gesendet.',
    book: 'Termin buchen',
    home: 'Zurück zur Startseite',
  },
};

export default shop;
