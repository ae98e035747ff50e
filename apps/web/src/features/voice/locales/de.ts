import type { VoiceTranslation } from './en';

const de: VoiceTranslation = {
  widget: 'Anruf-Widget',
  states: { connecting: 'Verbindung wird hergestellt', ready: 'Bereit', onCall: 'Im Gespräch', offline: 'Offline' },
  noPhoneProvider: 'Telefonanrufe brauchen einen Telefonanbieter. Die Anruftaste klingelt stattdessen auf der geöffneten Vireo-Seite der Kundin oder des Kunden.',
  calling: '{{name}} wird angerufen…',
  onCallWith: 'Im Gespräch mit {{name}}',
  connecting: 'Der Anruf wird verbunden…',
  hangUp: 'Auflegen',
  mute: 'Stummschalten',
  unmute: 'Stummschaltung aufheben',
  declined: '{{name}} hat den Anruf abgelehnt.',
  noAnswer: '{{name}} hat nicht geantwortet.',
  ended: 'Der Anruf ist beendet.',
  lost: 'Die Verbindung ist abgebrochen.',
  incoming: '{{name}} ruft an',
  incomingHint: 'Ihre Ärztin oder Ihr Arzt ruft Sie wegen Ihres Termins an. Nehmen Sie an, um über Ihren Browser zu sprechen.',
  answer: 'Annehmen',
  decline: 'Ablehnen',
  microphone: 'Ihr Mikrofon konnte nicht verwendet werden. Prüfen Sie die Berechtigungen Ihres Browsers für diese Seite.',
  remoteAudio: 'Ton der anderen Person',
  failed: 'Etwas ist schiefgelaufen',
  close: 'Schließen',
};

export default de;
