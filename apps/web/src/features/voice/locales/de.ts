import type { VoiceTranslation } from './en';

const de: VoiceTranslation = {
  widget: 'Anruf-Widget',
  states: { connecting: 'Verbindung wird hergestellt', ready: 'Bereit', onCall: 'Im Gespräch', offline: 'Offline' },
  noPhoneProvider: 'Telefonanrufe brauchen einen Telefonanbieter. Die Anruftaste klingelt stattdessen auf der geöffneten Vireo-Seite der Kundin oder des Kunden.',
  phoneRingsYouFirst: 'Ein Telefonanruf klingelt zuerst auf Ihrem Telefon ({{phone}}) und verbindet dann die Kundin oder den Kunden.',
  noOwnPhone: 'Tragen Sie Ihre Telefonnummer in Ihr Profil ein, um Kundentelefone anzurufen; der Anruf in der App geht auch ohne.',
  ringInApp: 'Auf der Vireo-Seite von {{name}} klingeln',
  ringingYourPhone: 'Ihr Telefon ({{phone}}) klingelt; nehmen Sie ab, um mit {{name}} verbunden zu werden…',
  onPhoneWith: 'Am Telefon mit {{name}}',
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
