import type { VerifyTranslation } from './en';

const de: VerifyTranslation = {
  heading: 'Testzertifikat prüfen',
  intro: 'Scannen Sie den QR-Code eines {{product}}-Testzertifikats oder fügen Sie seinen Prüflink ein, um zu prüfen, dass {{product}} es ausgestellt hat und dass es noch gilt.',
  paste: {
    heading: 'Einfügen',
    label: 'Prüflink oder Code',
    help: 'Der Link unter dem QR-Code des Zertifikats oder der Code nach dem # darin.',
    submit: 'Prüfen',
    notAToken: 'Dies ist kein Prüflink eines Zertifikats. Prüfen Sie, ob Sie ihn vollständig kopiert haben.',
  },
  scan: {
    heading: 'Scannen',
    start: 'Mit der Kamera scannen',
    stop: 'Scannen beenden',
    video: 'Kamerabild',
    looking: 'Halten Sie den QR-Code des Zertifikats vor die Kamera.',
    notAToken: 'Dieser QR-Code ist kein Prüflink eines Zertifikats.',
    unavailable: 'Die Kamera konnte nicht geöffnet werden. Erlauben Sie die Kamera oder fügen Sie stattdessen den Prüflink ein.',
  },
  checking: 'Das Zertifikat wird geprüft …',
  another: 'Ein weiteres Zertifikat prüfen',
  result: {
    valid: {
      heading: 'Gültiges Zertifikat',
      text: 'Dieses Zertifikat wurde von {{product}} ausgestellt und weder ersetzt noch zurückgezogen. Prüfen Sie, ob Name und Geburtsdatum mit dem Ausweis der Person übereinstimmen.',
    },
    revoked: {
      heading: 'Widerrufenes Zertifikat',
      text: 'Dieses Zertifikat wurde von {{product}} ersetzt oder zurückgezogen. Es ist nicht mehr gültig.',
    },
    invalid: {
      heading: 'Ungültiges Zertifikat',
      text: 'Dieses Zertifikat wurde nicht von {{product}} ausgestellt oder wurde verändert. Akzeptieren Sie es nicht.',
    },
    unknown: {
      heading: 'Unbekanntes Zertifikat',
      text: '{{product}} hat kein Zertifikat mit dieser Nummer. Akzeptieren Sie es nicht.',
    },
  },
  facts: {
    name: 'Name',
    dateOfBirth: 'Geburtsdatum',
    test: 'Test',
    result: 'Ergebnis',
    sampleTime: 'Probenahme',
    id: 'Zertifikatsnummer',
  },
  statusHeading: 'Status des Zertifikats',
};
export default de;
