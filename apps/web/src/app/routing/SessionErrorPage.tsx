import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The session could not be loaded for a reason other than signing out (network, server). */
export function SessionErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('errors.generic')}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Box>
  );
}
