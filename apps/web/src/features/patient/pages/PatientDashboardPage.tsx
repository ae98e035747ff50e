import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../../lib/session';
import { PatientTiles } from '../components/PatientTiles';

/** /patient/dashboard: the patient tiles. */
export function PatientDashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {t('dashboard.welcome', { name: `${user.first_name} ${user.last_name}` })}
      </Typography>
      <PatientTiles />
    </Stack>
  );
}
