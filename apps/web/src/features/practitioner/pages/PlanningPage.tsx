import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath } from '@vireo/contracts';
import { Link as RouterLink } from 'react-router';
import { AllAppointmentsTable, AvailableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from '../components/AppointmentLists';
import { AvailabilityTable } from '../components/AvailabilityTable';
import { PractitionerWorkspace } from '../components/PractitionerWorkspace';
import { useTranslation } from 'react-i18next';

/** The practitioner's planning page (spec 2 §2.1): Upcoming, Available, Past, Availability and All Appointments. */
export function PlanningPage() {
  const { t } = useTranslation('practitioner');
  return (
    <PractitionerWorkspace>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography component="h1" variant="h4">
          {t('planning.heading')}
        </Typography>
        <Link component={RouterLink} to={dashboardPath('practitioner')}>
          {t('planning.dashboardLink')}
        </Link>
      </Stack>
      <UpcomingAppointmentsTable />
      <AvailableAppointmentsTable />
      <PastAppointmentsTable />
      <AvailabilityTable />
      <AllAppointmentsTable />
    </PractitionerWorkspace>
  );
}
