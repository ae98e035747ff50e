/** The shared wizard: steps, Back, a zod schema per step, the step in the URL, answers kept for the session. */
export { Wizard, type WizardProps } from './Wizard';
export { useWizard, type Wizard as WizardState, type WizardOptions } from './useWizard';
export { STEP_PARAM, useWizardSteps, type WizardStep, type WizardSteps } from './useWizardSteps';
