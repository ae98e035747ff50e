import type { AppointmentLandingTranslation } from './en';

const de: AppointmentLandingTranslation = {
  heading: 'Ihr Videotermin',
  cancelled: 'Dieser Termin wurde storniert.',
  expired: 'Dieser Link ist abgelaufen, weil der Termin vorbei ist. Bitte wenden Sie sich bei Fragen an den Kundenservice.',
  completed: {
    heading: 'Ihre Beratung ist beendet.',
    certificate: 'Ihr Zertifikat erhalten Sie per E-Mail, sobald Ihr Ergebnis vorliegt.',
    results: 'Ihre Ergebnisse finden Sie außerdem unter Testergebnisse, wenn Sie sich in Ihrem Konto anmelden.',
  },
  loading: 'Ihr Termin wird geladen…',
  summary: {
    label: 'Ihr Termin',
    joinEarly: 'Bitte klicken Sie mindestens 5 Minuten vor Beginn auf Ihren Terminlink.',
  },
  early: 'Ihr Termin beginnt in mehr als 30 Minuten. Kommen Sie innerhalb von 30 Minuten vor Beginn auf diese Seite zurück, um Kamera und Mikrofon zu prüfen und teilzunehmen.',
  devices: {
    heading: 'Kamera und Mikrofon prüfen',
    reminder: 'Ihre Ärztin oder Ihr Arzt muss Sie sehen und hören: Schalten Sie Kamera und Mikrofon ein und erlauben Sie dieser Seite, sie zu verwenden.',
    preview: 'Vorschau Ihrer Kamera',
    camera: 'Kamera',
    microphone: 'Mikrofon',
    unnamedCamera: 'Kamera {{number}}',
    unnamedMicrophone: 'Mikrofon {{number}}',
    level: 'Mikrofonpegel',
    levelHint: 'Sagen Sie etwas: Der Balken bewegt sich, wenn Ihr Mikrofon Sie hört.',
    starting: 'Ihre Kamera wird gestartet…',
    denied: 'Diese Seite darf Ihre Kamera oder Ihr Mikrofon nicht verwenden. Erlauben Sie beides in den Einstellungen Ihres Browsers für diese Website und versuchen Sie es erneut.',
    unavailable: 'Ihre Kamera oder Ihr Mikrofon konnte nicht gestartet werden. Prüfen Sie, ob beide angeschlossen sind und nicht von einem anderen Programm verwendet werden, und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  questions: {
    yes: 'Ja',
    no: 'Nein',
    quietSpace: 'Befinden Sie sich an einem ruhigen Ort, an dem Sie ungestört sprechen können?',
    quietSpaceNo: 'Bitte suchen Sie vor Beginn Ihres Termins einen ruhigen, ungestörten Ort auf.',
    testKit: 'Haben Sie Ihr Testkit dabei?',
    testKitNo: 'Bitte halten Sie Ihr ungeöffnetes Testkit bereit: Ihre Ärztin oder Ihr Arzt führt Sie durch den Test.',
  },
  ready: 'Sie sind bereit für Ihren Termin',
  join: 'Termin beitreten',
  waiting: {
    countdownLabel: 'Zeit bis zum Beginn Ihres Termins',
    startsIn: 'Ihr Termin beginnt in',
    starting: 'Ihr Termin beginnt. Ihre Ärztin oder Ihr Arzt ist gleich für Sie da.',
    late: 'Es tut uns leid, Ihre Ärztin oder Ihr Arzt verspätet sich. Bitte bleiben Sie hier: Sie werden so bald wie möglich betreut.',
  },
};

export default de;
