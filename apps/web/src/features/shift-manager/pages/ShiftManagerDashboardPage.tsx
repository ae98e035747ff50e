import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AllAppointmentsTable, AvailabilityTable, AvailableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from '../../practitioner';
import { ClaimableTable, LiveStatusTable, ShiftOverviewTable } from '../components/LiveTables';
import { londonDayStart } from '../format';
import { useNow } from '../useNow';
import { useTranslation } from 'react-i18next';

/** The rota, where shifts (and so the planning tables' slots) are made. */
const ROTA_PATH = '/practitioner/rota';

/**
 * /shift_manager/dashboard (spec 2 §2.1): Live (live status, claimable, shift overview) and Planning,
 * the practitioner's five planning tables over every practitioner (the service answers a manager all).
 */
export function ShiftManagerDashboardPage() {
  const { t } = useTranslation('shift-manager');
  const [tab, setTab] = useState<'live' | 'planning'>('live');
  const now = useNow(30_000);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {t('dashboard.heading')}
      </Typography>
      <Tabs value={tab} onChange={(_e, value: 'live' | 'planning') => setTab(value)} aria-label={t('dashboard.tabs')}>
        <Tab value="live" label={t('dashboard.live')} id="tab-live" aria-controls="panel-live" />
        <Tab value="planning" label={t('dashboard.planning')} id="tab-planning" aria-controls="panel-planning" />
      </Tabs>
      {tab === 'live' ? (
        <Stack spacing={3} role="tabpanel" id="panel-live" aria-labelledby="tab-live">
          <Paper sx={{ p: 2 }}>
            <LiveStatusTable now={now} dayStart={londonDayStart(now)} />
          </Paper>
          <Paper sx={{ p: 2 }}>
            <ClaimableTable />
          </Paper>
          <Paper sx={{ p: 2 }}>
            <ShiftOverviewTable />
          </Paper>
        </Stack>
      ) : (
        <Stack role="tabpanel" id="panel-planning" aria-labelledby="tab-planning">
          <Link component={RouterLink} to={ROTA_PATH} sx={{ alignSelf: 'flex-end', mb: 2 }}>
            {t('planning.rota')}
          </Link>
          <UpcomingAppointmentsTable showPractitioner />
          <AvailableAppointmentsTable />
          <PastAppointmentsTable showPractitioner />
          <AvailabilityTable />
          <AllAppointmentsTable />
        </Stack>
      )}
    </Stack>
  );
}
