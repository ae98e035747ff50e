import type { KitsTranslation } from './en';

const kits: KitsTranslation = {
  register: {
    title: 'Test-Kit registrieren',
    intro: 'Registrieren Sie das Kit jeder Person: Person wählen, die auf dem Kit gedruckte Kit-ID zweimal eingeben und angeben, wann die Probe genommen wurde.',
    person: 'Person',
    personActivated: '{{name}} (registriert)',
    kitId: 'Kit-ID',
    kitIdRepeat: 'Kit-ID wiederholen',
    kitIdHint: 'Geben Sie die auf dem Kit gedruckte ID ein; Einfügen ist abgeschaltet, damit sie sorgfältig getippt wird.',
    letterO: 'Mehr als ein Zeichen ist keine Ziffer: Prüfen Sie, ob statt einer Null der Buchstabe O getippt wurde.',
    sampleDate: 'Datum der Probe',
    sampleTime: 'Uhrzeit der Probe (UK)',
    confirm: 'Ich habe die Probe nach der Anleitung des Kits genommen, und diese Angaben sind richtig.',
    submit: 'Absenden',
  },
  activate: {
    title: 'Test-Kit aktivieren',
    intro: 'Geben Sie die auf Ihrem Kit gedruckte Kit-ID und die Bestellreferenz aus Ihrer Bestell-E-Mail ein, um Ihr Kit zu registrieren.',
    kitId: 'Kit-ID',
    shortToken: 'Bestellreferenz',
    submit: 'Weiter',
  },
  awaiting: {
    label: 'Kits, die auf Registrierung warten',
    none: 'Keine Kits warten auf Registrierung.',
    register: 'Kit registrieren',
    registerFor: 'Kit registrieren für {{names}}',
    waiting: 'Noch zu registrieren: {{count}} von {{total}}',
  },
};

export default kits;
