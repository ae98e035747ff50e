import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../../lib/session';
import { PatientTiles, Tile } from '../../patient';

type View = 'admin' | 'personal';

/** /manager/dashboard: the Admin tab (manager tiles) and the Personal tab (the patient tiles). */
export function ManagerDashboardPage() {
  const { t } = useTranslation(['manager', 'common']);
  const { user } = useCurrentSession();
  const [view, setView] = useState<View>('admin');
  const tiles = [
    { key: 'results', ...t('tiles.results', { returnObjects: true }), to: '/manager/test-results' },
    { key: 'sign-ups', ...t('tiles.signUps', { returnObjects: true }), to: '/manager/sign-ups' },
    { key: 'help', ...t('tiles.help', { returnObjects: true }), to: '/patient/help' },
  ];
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {t('common:dashboard.welcome', { name: `${user.first_name} ${user.last_name}` })}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={view} onChange={(_event, next: View) => setView(next)} aria-label={t('tabs.label')}>
          <Tab value="admin" label={t('tabs.admin')} id="tab-admin" aria-controls="panel-admin" />
          <Tab value="personal" label={t('tabs.personal')} id="tab-personal" aria-controls="panel-personal" />
        </Tabs>
      </Box>
      <div role="tabpanel" id="panel-admin" aria-labelledby="tab-admin" hidden={view !== 'admin'}>
        {view === 'admin' && (
          <Grid container spacing={3}>
            {tiles.map(({ key, ...tile }) => (
              <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                <Tile {...tile} />
              </Grid>
            ))}
          </Grid>
        )}
      </div>
      <div role="tabpanel" id="panel-personal" aria-labelledby="tab-personal" hidden={view !== 'personal'}>
        {view === 'personal' && <PatientTiles />}
      </div>
    </Stack>
  );
}
