import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { peopleField } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { FirstStep, FirstStepProps } from '../types';
import { WizardText } from './fields';
import { NextButton, StepActions } from './StepActions';

function PeopleForm({ form, onNext }: FirstStepProps) {
  const { t } = useOrderBookingTexts();
  return (
    <Stack spacing={3}>
      <WizardText control={form.control} name="numberOfPeople" label={t('selectTest.people')} type="number" required slotProps={{ htmlInput: { min: 1, max: 4, step: 1 } }} />
      <StepActions>
        <NextButton onClick={onNext} />
      </StepActions>
    </Stack>
  );
}

/** 'How many people will take the test?' (spec 2 §2.9, staff editing a booking): 1 to 4; the wizard frame's `editing` keeps it from going below the people booked. */
export function peopleStep(label: string): FirstStep {
  return { key: 'people', label, schema: z.object({ numberOfPeople: peopleField() }), Component: PeopleForm };
}
