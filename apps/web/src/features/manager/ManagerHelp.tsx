import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HelpAccordion, MANAGER_TOPICS } from '../patient';
import { EmployeeResultsTable } from './components/EmployeeResultsTable';
import { PRODUCT_NAME } from '../../lib/config';
import { useTranslation } from 'react-i18next';

/** The manager flavour of the help page: the three RT-PCR questions and the Employee Results table. */
export function ManagerHelp() {
  const { t } = useTranslation(['manager', 'common']);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('common:help.title', { product: PRODUCT_NAME })}
      </Typography>
      <HelpAccordion topics={MANAGER_TOPICS} />
      <Paper component="section" aria-labelledby="employee-results-heading" sx={{ p: 3 }}>
        <Typography id="employee-results-heading" component="h2" variant="h5" gutterBottom>
          {t('results.heading')}
        </Typography>
        <EmployeeResultsTable />
      </Paper>
    </Stack>
  );
}
