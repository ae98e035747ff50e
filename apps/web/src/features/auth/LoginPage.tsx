import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dashboardPath } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { PRODUCT_NAME, SIGN_IN_URL } from '../../lib/config';
import { hardNavigate } from '../../lib/navigation';
import { getAuthToken, getStoredRole } from '../../lib/storage';

/** Sign-in is delegated to the identity pages; a stored session goes straight to its dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const role = getStoredRole();
  if (getAuthToken() && role) return <Navigate to={dashboardPath(role)} replace />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper sx={{ p: 4, display: 'grid', gap: 3, justifyItems: 'center', width: '100%', maxWidth: 420 }}>
        <Typography component="h1" variant="h4" color="primary">
          <ProductLogo />
        </Typography>
        <Button variant="contained" size="large" onClick={() => hardNavigate(SIGN_IN_URL)}>
          {t('login.button', { product: PRODUCT_NAME })}
        </Button>
      </Paper>
    </Box>
  );
}
