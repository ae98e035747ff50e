import type { PermissionsTranslation } from './en';

const permissions: PermissionsTranslation = {
  title: 'Berechtigungen',
  intro: 'Jeder Schalter erteilt oder entzieht einem Konto eine Berechtigung, sofort.',
  search: 'Nach Name oder E-Mail suchen',
  label: 'Konten und ihre Berechtigungen',
  empty: 'Keine Konten vorhanden',
  error: 'Fehler beim Laden der Konten',
  retry: 'Erneut versuchen',
  account: 'Konto',
  disabled: 'deaktiviert',
  switchLabel: '{{permission}} für {{name}}',
  granted: '{{permission}} für {{name}} erteilt.',
  revoked: '{{permission}} für {{name}} entzogen.',
  names: {
    'discounts.manage': 'Rabatte',
    'products.manage': 'Produkte',
    'pages.manage': 'Seiten',
    'orders.edit_items': 'Bestellpositionen',
    'orders.set_payment_complete': 'Zahlung abgeschlossen',
    'permissions.manage': 'Berechtigungen',
  },
};

export default permissions;
