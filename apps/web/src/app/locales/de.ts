import type { Translation } from './en';

export const de: Translation = {
  titles: {
    login: 'Anmelden',
    verifyToken: 'Anmeldung läuft',
    home: 'Startseite',
    notFound: 'Seite nicht gefunden',
  },
  roles: {
    patient: 'Patient',
    manager: 'Organisationsmanager',
    practitioner: 'Behandler',
    shift_manager: 'Schichtleitung',
    super_admin: 'Super-Admin',
    customer_services: 'Kundenservice',
    b2c: 'Kunde',
  },
  login: { button: 'Anmelden mit {{product}}' },
  verifyToken: {
    signingIn: 'Sie werden angemeldet …',
    failed: 'Anmeldung fehlgeschlagen',
    backToLogin: 'Zurück zur Anmeldung',
    invalidToken: 'Ungültiges Anmelde-Token',
  },
  dashboard: { welcome: 'Willkommen, {{name}}' },
  notFound: { home: 'Zur Startseite' },
  nav: {
    main: 'Hauptnavigation',
    home: 'Startseite',
    liveAppointments: 'Live-Termine',
    doctorsManagement: 'Ärzteverwaltung',
    internalChats: 'Interne Chats',
    customerChats: 'Chats mit Kunden',
    logout: 'Abmelden',
  },
  profile: {
    menu: 'Profilmenü',
    myAccount: 'Mein Konto',
    healthProfile: 'Mein Gesundheitsprofil',
    changePassword: 'Passwort ändern',
    logout: 'Abmelden',
  },
  layout: { partner: 'Partner', loading: 'Wird geladen' },
  language: { en: 'English', de: 'Deutsch' },
  errors: {
    generic: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    reload: 'Seite neu laden',
  },
};
