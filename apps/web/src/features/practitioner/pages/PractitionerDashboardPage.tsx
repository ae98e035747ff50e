import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AvailableAppointmentsTable, ClaimableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from '../components/AppointmentLists';
import { PractitionerWorkspace } from '../components/PractitionerWorkspace';
import { useTranslation } from 'react-i18next';

export const PLANNING_PATH = '/practitioner/planning';

/** /practitioner/dashboard (spec 2 §2.1): Claimable, Upcoming, Available and Past Appointments. */
export function PractitionerDashboardPage() {
  const { t } = useTranslation('practitioner');
  return (
    <PractitionerWorkspace>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography component="h1" variant="h4">
          {t('dashboard.heading')}
        </Typography>
        <Link component={RouterLink} to={PLANNING_PATH}>
          {t('planning.link')}
        </Link>
      </Stack>
      <ClaimableAppointmentsTable />
      <UpcomingAppointmentsTable />
      <AvailableAppointmentsTable />
      <PastAppointmentsTable />
    </PractitionerWorkspace>
  );
}
