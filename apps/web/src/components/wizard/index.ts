/** The shared wizard: steps, Back, a zod schema per step, the step in the URL, answers kept for the session. */
export { Wizard, type WizardProps } from './Wizard';
export { STEP_PARAM, useWizard, type Wizard as WizardState, type WizardOptions, type WizardStep } from './useWizard';
