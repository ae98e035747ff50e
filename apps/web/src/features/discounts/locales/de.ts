import type { DiscountsTranslation } from './en';

const discounts: DiscountsTranslation = {
  title: 'Rabattverwaltung',
  tabs: { label: 'Rabatte', generate: 'Rabatt erstellen', manage: 'Rabatte verwalten' },
  projectsError: 'Fehler beim Laden der Projekte',
  form: {
    project: 'Projekt',
    code: 'Code',
    type: 'Art',
    valuePercent: 'Wert (%)',
    valuePounds: 'Wert (£)',
    activeFrom: 'Gültig ab',
    activeTo: 'Gültig bis',
    uses: 'Verwendungen',
    generate: 'Erstellen',
  },
  types: { percentage: 'Prozentsatz', reduction: 'Nachlass', trial: 'Probepreis' },
  list: {
    unused: 'Rabattliste',
    used: 'Liste verwendeter Rabatte',
    error: 'Fehler beim Laden der Rabattcodes',
    empty: 'Keine Rabattcodes vorhanden',
    code: 'Nach Code suchen',
    projects: 'Projekte',
    columns: {
      code: 'Code',
      project: 'Projekt',
      type: 'Art',
      value: 'Wert',
      active: 'Aktiv',
      activeFrom: 'Gültig ab',
      activeTo: 'Gültig bis',
      uses: 'Verwendungen',
      usedTimes: 'Verwendet',
      createdAt: 'Erstellt',
      actions: 'Aktionen',
    },
    yes: 'Ja',
    no: 'Nein',
    viewOrder: 'Bestellung ansehen',
    viewOrderLabel: 'Bestellung ansehen für {{code}}',
  },
};

export default discounts;
