import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmployeeResultsTable } from '../components/EmployeeResultsTable';
import { TEXT } from '../texts';

/** /manager/test-results: the organisation's results. */
export function EmployeeResultsPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {TEXT.results.heading}
        </Typography>
        <EmployeeResultsTable />
      </Stack>
    </Paper>
  );
}
