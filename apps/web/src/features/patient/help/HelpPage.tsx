import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HelpAccordion } from './HelpAccordion';
import { PATIENT_TOPICS, helpTitle } from './topics';

/** The patient's help page (spec 1 §2); the manager flavour lives with the manager area. */
export function HelpPage() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        {helpTitle()}
      </Typography>
      <HelpAccordion topics={PATIENT_TOPICS} />
    </Stack>
  );
}
