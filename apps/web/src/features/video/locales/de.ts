import type { VideoTranslation } from './en';

const de: VideoTranslation = {
  phase: {
    starting: 'Ihre Kamera wird gestartet…',
    waitingForPractitioner: 'Warten, bis die Ärztin oder der Arzt beitritt…',
    waitingForCustomer: 'Warten, bis die Kundin oder der Kunde beitritt…',
    connecting: 'Verbindung wird hergestellt…',
    connected: 'Verbunden',
    reconnecting: 'Die Verbindung wurde unterbrochen. Sie wird automatisch wiederhergestellt…',
    paused: 'Das Gespräch wurde pausiert. Bitte bleiben Sie auf dieser Seite: Es geht gleich weiter.',
    ended: 'Das Gespräch ist beendet.',
    left: 'Sie haben das Gespräch verlassen. Der Termin ist pausiert.',
    elsewhere: 'Dieses Gespräch ist jetzt in einem anderen Fenster geöffnet.',
    supervisorLeft: 'Sie haben das Gespräch verlassen. Die Beratung geht ohne Sie weiter.',
  },
  mediaError: 'Ihre Kamera oder Ihr Mikrofon konnte nicht verwendet werden. Prüfen Sie die Berechtigungen Ihres Browsers für diese Seite und laden Sie die Seite neu.',
  missingLink: 'Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus Ihrer Bestätigungs-E-Mail erneut.',
  refused: {
    notYours: 'Dieser Termin ist Ihnen nicht zugewiesen, daher können Sie dem Gespräch nicht beitreten. Er wurde möglicherweise neu zugewiesen oder von einer Schichtleitung übernommen.',
  },
  remoteVideo: 'Video der anderen Person',
  customerVideo: 'Video der Kundin oder des Kunden',
  practitionerVideo: 'Video der Ärztin oder des Arztes',
  supervisorIn: 'Eine Aufsichtsperson ist im Gespräch: {{name}}.',
  supervisorHeading: 'Mithören',
  supervisorHint: 'Sie hören als Aufsicht mit: Ihr Mikrofon ist aus, bis Sie die Stummschaltung aufheben. Verlassen oder Auflegen beendet die Beratung nicht.',
  selfView: 'Ihre Kamera',
  mute: 'Stummschalten',
  unmute: 'Stummschaltung aufheben',
  camera: 'Kamera',
  hangUp: 'Auflegen',
  pause: 'Pausieren',
  quality: {
    label: 'Verbindung: {{quality}}',
    good: 'gut',
    fair: 'mittel',
    poor: 'schlecht',
    unknown: 'wird gemessen',
  },
  endCall: {
    title: 'Gespräch beenden?',
    warning: 'Sie haben noch nicht für alle Patientinnen und Patienten Ergebnisse eingereicht.',
    confirm: 'Gespräch beenden',
    cancel: 'Abbrechen',
  },
  heading: 'Videotermin',
  customerHeading: 'Ihr Videotermin',
  sidePanel: 'Termindetails',
  backToDashboard: 'Zurück zum Dashboard',
  close: 'Gespräch schließen',
};

export default de;
