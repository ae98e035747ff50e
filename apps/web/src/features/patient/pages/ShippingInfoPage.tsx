import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath, type ShippingDetails } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { useCurrentSession } from '../../../lib/session';
import { useRoleProfile } from '../api';
import { ShippingForm } from '../components/ShippingForm';
import { ShippingSummary } from '../components/ShippingSummary';
import { useTranslation } from 'react-i18next';

/** /patient/shipping-info: shipping details only; after saving, the address and "Back to Home". */
export function ShippingInfoPage() {
  const profile = useRoleProfile();
  return <QueryState query={profile}>{(profile) => <ShippingInfo initial={profile.shipping_details} />}</QueryState>;
}

function ShippingInfo({ initial }: { initial: ShippingDetails | null }) {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  const [saved, setSaved] = useState<ShippingDetails | null>(null);
  return (
    <Paper component="section" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
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
            <ShippingForm initial={initial} onSaved={setSaved} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
