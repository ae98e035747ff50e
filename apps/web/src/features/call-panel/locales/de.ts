import type { CallPanelTranslation } from './en';

const de: CallPanelTranslation = {
  customerDetails: 'Kundendaten',
  product: 'Produkt',
  person: 'Person {{number}}',
  name: 'Name',
  minor: 'Minderjährig',
  dateOfBirth: 'Geburtsdatum',
  phone: 'Telefon',
  call: '{{name}} anrufen',
  email: 'E-Mail',
  address: 'Adresse',
  none: 'Nicht angegeben',
  online: 'Kunde online',
  offline: 'Kunde offline',
  joiningLink: 'Teilnahmelink des Kunden',
  joiningLinkHint: 'Der Kunde öffnet diese Seite mit dem Link aus seiner Bestätigungs-E-Mail.',
  copy: 'Teilnahmelink kopieren',
  copied: 'Kopiert',
  copyFailed: 'Der Link konnte nicht kopiert werden.',
  joinAlternative: 'Über den alternativen Videolink beitreten',
  emailAlternative: 'Alternativen Link an den Kunden senden',
  alternativeSent: 'Der alternative Link wurde erfolgreich gesendet',
  failed: 'Fehlgeschlagen',
  faceToFace: 'Termin vor Ort',
  notFound: 'Termindetails wurden nicht gefunden',
};

export default de;
