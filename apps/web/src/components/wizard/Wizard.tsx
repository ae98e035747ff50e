import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ReactNode } from 'react';
import type { WizardSteps } from './useWizardSteps';

export interface WizardProps {
  wizard: WizardSteps;
  /** The current step's content (and its Back and Next). */
  children: ReactNode;
  /** Every step done (the confirmation shown): all marked complete. */
  finished?: boolean;
  /** Vertical puts the content under its step's label (the symptom checker); horizontal above it. */
  orientation?: 'horizontal' | 'vertical';
}

/** The steps of a `useWizardSteps` (or `useWizard`) and the current one's content, labelled with its step's name. */
export function Wizard({ wizard, children, finished = false, orientation = 'horizontal' }: WizardProps) {
  const active = wizard.index;
  const completed = (index: number) => finished || index < active;
  const content = (
    <Box component="section" aria-label={wizard.step.label}>
      {children}
    </Box>
  );
  return orientation === 'vertical' ? (
    <Stepper activeStep={active} orientation="vertical">
      {wizard.steps.map((step, index) => (
        <Step key={step.key} completed={completed(index)}>
          <StepLabel>{step.label}</StepLabel>
          {/* No collapse animation: the step before folding away moved the new step's Next under the pointer, and a click landed beside it. */}
          <StepContent transitionDuration={0} slotProps={{ transition: { unmountOnExit: true } }}>
            {index === wizard.index && content}
          </StepContent>
        </Step>
      ))}
    </Stepper>
  ) : (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Stepper activeStep={active} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {wizard.steps.map((step, index) => (
          <Step key={step.key} completed={completed(index)}>
            <StepLabel>{step.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {content}
    </Box>
  );
}
