import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmployeeResultsTable } from '../components/EmployeeResultsTable';
import { useTranslation } from 'react-i18next';

/** /manager/test-results: the organisation's results. */
export function EmployeeResultsPage() {
  const { t } = useTranslation('manager');
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('results.heading')}
        </Typography>
        <EmployeeResultsTable />
      </Stack>
    </Paper>
  );
}
