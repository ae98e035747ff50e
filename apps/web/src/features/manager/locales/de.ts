import type { ManagerTranslation } from './en';

const de: ManagerTranslation = {
  tabs: { label: 'Dashboard-Ansichten', admin: 'Verwaltung', personal: 'Persönlich' },
  tiles: {
    results: { title: 'Ergebnisse der Organisation', body: 'Die neuesten Symptom-Checks und Testergebnisse Ihrer Mitarbeitenden.', action: 'Ergebnisse ansehen' },
    signUps: { title: 'Registrierungen verfolgen', body: 'Sehen, wer sich registriert hat, und Mitarbeitende einladen.', action: 'Registrierungen ansehen' },
    help: { title: 'Hilfeportal', body: 'Hinweise zu RT-PCR-Tests und zur Bedeutung der Ergebnisse.', action: 'Hilfe öffnen' },
  },
  results: {
    heading: 'Ergebnisse der Mitarbeitenden',
    search: 'Name der Mitarbeiterin oder des Mitarbeiters',
    firstName: 'Vorname',
    lastName: 'Nachname',
    checkDate: 'Datum des Checks',
    symptomatic: 'Symptome',
    testDate: 'Testdatum',
    testResult: 'Testergebnis',
    yes: 'Ja',
    no: 'Nein',
    empty: 'Keine Ergebnisse vorhanden',
    error: 'Beim Abrufen der Ergebnisse ist ein Fehler aufgetreten.',
  },
  signUps: {
    heading: 'Registrierungen',
    email: 'E-Mail',
    registered: 'Registriert',
    pending: 'Ausstehend',
    empty: 'Keine Registrierungen vorhanden',
    retrieved: 'Registrierungen abgerufen',
    error: 'Beim Abrufen der Registrierungen ist ein Fehler aufgetreten.',
  },
  invite: {
    heading: 'Mitarbeitende einladen',
    label: 'E-Mail-Adressen',
    hint: 'Eine Adresse oder eine Liste, getrennt durch Kommas, Leerzeichen oder Zeilenumbrüche. Jede Person erhält eine E-Mail mit einem Link, um ihr Konto anzulegen.',
    send: 'Einladungen senden',
    none: 'Geben Sie mindestens eine E-Mail-Adresse ein.',
    invalid: 'Dies sind keine E-Mail-Adressen: {{list}}',
    tooMany: 'Senden Sie höchstens {{max}} Einladungen auf einmal.',
    outcomes: {
      invited: 'Eingeladen',
      reinvited: 'Erneut eingeladen, mit neuem Link',
      already_registered: 'Bereits registriert',
      account_exists: 'Hat bereits ein Konto bei einer anderen Organisation',
    },
    error: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
  },
};

export default de;
