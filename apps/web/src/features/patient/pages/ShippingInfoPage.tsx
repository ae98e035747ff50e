import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath, type ShippingDetails } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentSession } from '../../../lib/session';
import { useRoleProfile } from '../api';
import { QueryState } from '../components/QueryState';
import { ShippingForm } from '../components/ShippingForm';
import { ShippingSummary } from '../components/ShippingSummary';
import { useTranslation } from 'react-i18next';

/** /patient/shipping-info: shipping details only; after saving, the address and "Back to Home". */
export function ShippingInfoPage() {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  const profile = useRoleProfile();
  const [saved, setSaved] = useState<ShippingDetails | null>(null);
  if (!profile.data) return <QueryState isError={profile.isError} error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Paper component="section" sx={{ p: 3, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('shipping.heading')}
        </Typography>
        {saved ? (
          <>
            <Alert severity="success">{t('shipping.saved')}</Alert>
            <ShippingSummary details={saved} />
            <Link component={RouterLink} to={dashboardPath(session.role.name)}>
              {t('shipping.backToHome')}
            </Link>
          </>
        ) : (
          <>
            <Typography>{t('shipping.intro')}</Typography>
            <ShippingForm initial={profile.data.shipping_details} onSaved={setSaved} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
