import type { TermsContent } from './types';

export const de: TermsContent = {
  lang: 'de',
  title: 'Allgemeine Geschäftsbedingungen für Testkonsultationen',
  version: 'Fassung {version}',
  intro:
    'Diese Bedingungen gelten, wenn Sie selbst oder jemand in Ihrem Auftrag (eine Apotheke, ein Reiseveranstalter, eine Fluggesellschaft oder ein anderer Partner) eine Testkonsultation bei {product} bucht. Mit dem Setzen des Häkchens bei der Buchung akzeptieren Sie sie für jede Person der Buchung.',
  sections: [
    {
      heading: '1. Ein Screening, keine Diagnose',
      paragraphs: [
        'Eine Testkonsultation bei {product} ist ein Screening-Angebot. Eine medizinische Fachkraft beobachtet per Video, wie Sie Ihre Probe nehmen, oder prüft eine eingesandte Probe und hält das Testergebnis fest. Das Ergebnis zeigt, was der Test zum Zeitpunkt der Probenahme festgestellt hat; es ist keine ärztliche Diagnose und ersetzt nicht den Rat Ihrer Hausärztin, Ihres Hausarztes oder einer anderen Ärztin oder eines anderen Arztes.',
        'Wenn Sie Symptome haben, sich krank fühlen oder sich um Ihre Gesundheit sorgen, wenden Sie sich an Ihre Hausarztpraxis. Im Notfall wählen Sie 112 (im Vereinigten Königreich 999).',
      ],
    },
    {
      heading: '2. Ihre Gesundheitsdaten und Ihre Einwilligung (UK-DSGVO)',
      paragraphs: [
        'Für die Konsultation verarbeiten wir personenbezogene Daten jeder gebuchten Person, darunter Gesundheitsdaten: den durchgeführten Test, die Probe, das Ergebnis und von Ihnen angegebene Impfangaben. Gesundheitsdaten sind nach der britischen Datenschutz-Grundverordnung (UK GDPR) und dem Data Protection Act 2018 besondere Kategorien personenbezogener Daten.',
        'Mit der Annahme dieser Bedingungen willigen Sie ausdrücklich ein (Artikel 9 Absatz 2 Buchstabe a UK GDPR), dass wir diese Gesundheitsdaten verarbeiten, um den Test durchzuführen, Ergebnis und Zertifikat auszustellen und unsere gesetzlichen Pflichten zu erfüllen. Wenn Sie für andere Personen buchen, bestätigen Sie, dass diese – bei Kindern ein Elternteil oder eine sorgeberechtigte Person – damit einverstanden sind.',
        'Wir bewahren Gesundheitsdaten nur so lange auf, wie Gesetz und ärztliche Pflichten es verlangen, schützen sie durch Zugriffsbeschränkungen und protokollieren jeden Zugriff. Sie können eine Kopie Ihrer Daten, deren Berichtigung oder, soweit gesetzlich zulässig, deren Löschung verlangen und Ihre Einwilligung jederzeit mit Wirkung für die Zukunft über den Support widerrufen; der Widerruf berührt eine bereits erfolgte Verarbeitung nicht, und ein bereits durchgeführter Test muss gegebenenfalls weiterhin dokumentiert werden, wo das Gesetz es verlangt. Sie können sich außerdem beim Information Commissioner’s Office (ico.org.uk) beschweren.',
      ],
    },
    {
      heading: '3. Weitergabe an Partner',
      paragraphs: [
        'Haben Sie über einen Partner gebucht (eine Apotheke, einen Reiseveranstalter, eine Fluggesellschaft, einen Ticketanbieter oder eine andere Organisation, deren Seite oder Kaufcode Sie genutzt haben), teilen wir diesem Partner mit, was er zur Verwaltung Ihrer Buchung braucht: dass die Buchung erfolgt ist, ihr Datum und ob der Test stattgefunden hat. Ihr Ergebnis geben wir an einen Partner nur weiter, wenn Sie uns darum gebeten haben oder das Gesetz es verlangt.',
        'Außerdem geben wir Daten an die Labore weiter, die Proben auswerten, an die medizinischen Fachkräfte, die die Konsultationen durchführen, und, wo das Gesetz es verlangt, an Gesundheitsbehörden. Wir verkaufen Ihre Daten niemals.',
      ],
    },
    {
      heading: '4. Ergebnisse und Zertifikate',
      paragraphs: [
        'Ergebnisse werden per E-Mail an die für jede Person angegebene Adresse gesendet. Bitte prüfen Sie die Adresse sorgfältig: Für ein Ergebnis, das an eine falsch eingegebene Adresse gesendet wurde, können wir keine Verantwortung übernehmen.',
        'Zertifikate werden auf Englisch ausgestellt. Sie sind selbst dafür verantwortlich, vor der Reise zu prüfen, ob ein Zertifikat die Einreisebestimmungen Ihres Ziellandes und die Anforderungen Ihres Beförderungsunternehmens erfüllt.',
      ],
    },
    {
      heading: '5. Nicht auswertbare Proben',
      paragraphs: [
        'Kann eine Probe nicht ausgewertet werden (etwa weil sie beschädigt wurde, auf dem Postweg verloren ging oder der Test kein lesbares Ergebnis ergab), bieten wir Ihnen einen kostenlosen Wiederholungstest an. Dies ist unsere einzige Verpflichtung, wenn eine Probe nicht ausgewertet werden kann.',
      ],
    },
    {
      heading: '6. Unsere Haftung',
      paragraphs: [
        'Wir führen die Konsultation mit angemessener Sorgfalt und Sachkunde durch. Kein Test ist zu 100 % genau; wir haften nicht für Entscheidungen, die Sie, ein Beförderungsunternehmen oder eine Behörde auf Grundlage eines Ergebnisses treffen, für versäumte oder geänderte Reisen, verweigerte Beförderung oder Einreise oder für mittelbare Schäden und Folgeschäden.',
        'Unsere Gesamthaftung Ihnen gegenüber ist je Buchung auf den dafür gezahlten Preis begrenzt. Nichts in diesen Bedingungen beschränkt oder schließt unsere Haftung für Tod oder Körperverletzung infolge unserer Fahrlässigkeit, für Betrug oder für sonstiges aus, was gesetzlich nicht beschränkt oder ausgeschlossen werden kann; Ihre gesetzlichen Rechte als Verbraucherin oder Verbraucher bleiben unberührt.',
      ],
    },
    {
      heading: '7. Support',
      paragraphs: ['Unser Support-Team ist an sieben Tagen in der Woche von 7 bis 19 Uhr britischer Zeit für Sie da. Schreiben Sie uns über den Chat auf der Website von {product} oder antworten Sie auf eine unserer E-Mails.'],
    },
    {
      heading: '8. Änderungen und anwendbares Recht',
      paragraphs: [
        'Wir können diese Bedingungen ändern; für eine Buchung gilt die bei ihrer Vornahme akzeptierte Fassung. Es gilt das Recht von England und Wales; zuständig sind die Gerichte von England und Wales, unbeschadet Ihres Rechts, an Ihrem Wohnsitz zu klagen.',
      ],
    },
  ],
  otherLanguage: { label: 'English version', lang: 'en' },
};
