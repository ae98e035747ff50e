import type { Texts } from '../../../app/locales/shape';

/** Kit registration, activation and the customer's kits awaiting registration (spec 3 §5; issue 18). */
const kits = {
  register: {
    title: 'Register your kit',
    intro: 'Register the kit each person used: choose the person, type the kit ID printed on the kit twice, and say when the sample was taken.',
    person: 'Person',
    personActivated: '{{name}} (registered)',
    kitId: 'Kit ID',
    kitIdRepeat: 'Repeat Kit ID',
    kitIdHint: 'Type the ID printed on the kit; pasting is turned off so that it is typed with care.',
    letterO: 'More than one character is not a digit: check that the letter O was not typed for a zero.',
    sampleDate: 'Sample date',
    sampleTime: 'Sample time (UK)',
    confirm: 'I took the sample as the kit’s instructions say, and these details are correct.',
    submit: 'Submit',
  },
  activate: {
    title: 'Activate your kit',
    intro: 'Type the kit ID printed on your kit and the order reference from your order e-mail to register your kit.',
    kitId: 'Kit ID',
    shortToken: 'Order reference',
    submit: 'Continue',
  },
  awaiting: {
    label: 'Kits awaiting registration',
    none: 'No kits are waiting to be registered.',
    register: 'Register kit',
    registerFor: 'Register kit of {{names}}',
    waiting: 'Still to register: {{count}} of {{total}}',
  },
};

export default kits;
export type KitsTranslation = Texts<typeof kits>;
