import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HelpAccordion } from '../patient/help/HelpAccordion';
import { MANAGER_TOPICS, helpTitle } from '../patient/help/topics';
import { EmployeeResultsTable } from './components/EmployeeResultsTable';
import { TEXT } from './texts';

/** The manager flavour of the help page: the three RT-PCR questions and the Employee Results table. */
export function ManagerHelp() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Typography component="h1" variant="h4">
        {helpTitle()}
      </Typography>
      <HelpAccordion topics={MANAGER_TOPICS} />
      <Paper component="section" aria-labelledby="employee-results-heading" sx={{ p: 3 }}>
        <Typography id="employee-results-heading" component="h2" variant="h5" gutterBottom>
          {TEXT.results.heading}
        </Typography>
        <EmployeeResultsTable />
      </Paper>
    </Stack>
  );
}
