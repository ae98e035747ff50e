import type { SuperAdminTranslation } from './en';

const de: SuperAdminTranslation = {
  messages: {
    intro: 'Jede E-Mail, die Vireo versendet, wird hier erfasst, die neueste zuerst. Ohne SMTP verlässt nichts den Rechner: Öffnen Sie eine Nachricht hier, um ihren Link zu finden.',
    recipient: 'Empfänger',
    subject: 'Betreff',
    status: 'Status',
    time: 'Zeit',
    actions: 'Aktionen',
    open: 'Öffnen',
    openLabel: 'Die Nachricht an {{recipient}} öffnen: {{subject}}',
    empty: 'Es wurden noch keine Nachrichten erfasst.',
    loadError: 'Die Nachrichten konnten nicht geladen werden.',
    openError: 'Die Nachricht konnte nicht geöffnet werden.',
    retry: 'Erneut versuchen',
    resend: 'Erneut senden',
    close: 'Schließen',
    statuses: { recorded: 'Erfasst (kein SMTP)', sent: 'Gesendet', failed: 'Fehlgeschlagen' },
  },
};

export default de;
