import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
/** The wizard's steps; `active` past the last step marks them all done. */
export function BookingStepper({ steps, active }: { steps: readonly string[]; active: number }) {
  return (
    <Stepper activeStep={active} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {steps.map((label, index) => (
        <Step key={label} completed={index < active}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
