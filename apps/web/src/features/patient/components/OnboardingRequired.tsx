import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { OnboardingState } from '@vireo/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Why a page is not available yet, with a link to each onboarding step still to do. */
export function OnboardingRequired({ state, message }: { state: OnboardingState; message: string }) {
  const { t } = useTranslation('patient');
  return (
    <Alert severity="info">
      {message}
      <Stack direction="row" spacing={3} sx={{ mt: 1 }}>
        {!state.health_assessment && (
          <Link component={RouterLink} to="/patient/health-assessment">
            {t('tiles.healthProfile.action')}
          </Link>
        )}
        {!state.shipping_details_complete && (
          <Link component={RouterLink} to="/patient/shipping-info">
            {t('tiles.shippingInfo.action')}
          </Link>
        )}
      </Stack>
    </Alert>
  );
}
