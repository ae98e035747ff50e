import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RotaGrid } from '../components/RotaGrid';
import { useTranslation } from 'react-i18next';

/** /practitioner/rota: the day's rota; shift managers edit it, practitioners see their own shifts. */
export function RotaPage() {
  const { t } = useTranslation('shift-manager');
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('rota.heading')}
        </Typography>
        <RotaGrid />
      </Stack>
    </Paper>
  );
}
