import type { B2cTranslation } from './en';

const b2c: B2cTranslation = {
  appointments: {
    label: 'Kommende Termine',
    service: 'Leistung',
    when: 'Datum und Uhrzeit',
    status: 'Status',
    actions: 'Aktionen',
    join: 'Beitreten',
    joinLabel: '{{name}} beitreten',
    edit: 'Bearbeiten',
    editLabel: '{{name}} bearbeiten',
    delete: 'Löschen',
    deleteLabel: '{{name}} löschen',
    deleteTitle: 'Diesen Termin löschen?',
    deleteInTime: 'Die Zeit wird freigegeben, und Sie können mit demselben Link einen neuen Termin buchen.',
    confirmDelete: 'Termin löschen',
    keep: 'Termin behalten',
  },
  results: {
    label: 'Testergebnisse',
    testDate: 'Testdatum',
    name: 'Name',
    test: 'Test',
    result: 'Ergebnisse',
    download: 'Herunterladen',
    downloadLabel: 'Zertifikat von {{name}} vom {{date}} herunterladen',
    empty: 'Noch keine Ergebnisse',
    error: 'Fehler beim Laden der Ergebnisse',
  },
  trip: {
    intro: 'Speichern Sie Ihre Reise zu einer Bestellung: Wenn Sie mit dieser Bestellung einen Termin buchen, beginnen die Reisedaten damit.',
    noOrders: 'Sie haben noch keine Bestellungen.',
    order: 'Bestellung',
    orderOption: 'Bestellung {{reference}} vom {{date}}',
    formLabel: 'Reise',
    type: 'Verkehrsmittel',
    types: { Flight: 'Flug', Train: 'Zug', Other: 'Sonstiges' },
    number: { Flight: 'Flugnummer', Train: 'Zugnummer', Other: 'Verkehrsnummer' },
    departureCountry: 'Abreiseland',
    departureTime: 'Abreise (britische Zeit)',
    arrivalCountry: 'Ankunftsland',
    arrivalTime: 'Ankunft (britische Zeit)',
    save: 'Reise speichern',
  },
};

export default b2c;
