import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RotaGrid } from '../components/RotaGrid';
import { TEXT } from '../texts';

/** /practitioner/rota: the day's rota; shift managers edit it, practitioners see their own shifts. */
export function RotaPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {TEXT.rota.heading}
        </Typography>
        <RotaGrid />
      </Stack>
    </Paper>
  );
}
