import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ClaimableTable, LiveStatusTable, ShiftOverviewTable } from '../components/LiveTables';
import { RotaGrid } from '../components/RotaGrid';
import { londonDayStart } from '../format';
import { TEXT } from '../texts';
import { useNow } from '../useNow';

/** /shift_manager/dashboard (spec 2 §2.1): Live (live status, claimable, shift overview) and Planning. */
export function ShiftManagerDashboardPage() {
  const [tab, setTab] = useState<'live' | 'planning'>('live');
  const now = useNow(30_000);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {TEXT.dashboard.heading}
      </Typography>
      <Tabs value={tab} onChange={(_e, value: 'live' | 'planning') => setTab(value)} aria-label={TEXT.dashboard.tabs}>
        <Tab value="live" label={TEXT.dashboard.live} id="tab-live" aria-controls="panel-live" />
        <Tab value="planning" label={TEXT.dashboard.planning} id="tab-planning" aria-controls="panel-planning" />
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
        <Paper sx={{ p: 2 }} role="tabpanel" id="panel-planning" aria-labelledby="tab-planning">
          <RotaGrid />
        </Paper>
      )}
    </Stack>
  );
}
