import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath, type OnboardingState } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { useCurrentSession } from '../../../lib/session';
import { useOnboarding } from '../api';
import { KitOrderWizard } from '../components/KitOrderWizard';
import { OnboardingRequired } from '../components/OnboardingRequired';

function OrderContent({ initial }: { initial: OnboardingState }) {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  // Decided on arrival, so the confirmation of an order placed here stays on screen.
  const [alreadyOrdered] = useState(initial.has_order);
  if (!initial.onboarding_complete) return <OnboardingRequired state={initial} message={t('order.locked')} />;
  if (alreadyOrdered) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t('order.alreadyOrdered')}</Alert>
        <Link component={RouterLink} to={dashboardPath(session.role.name)}>
          {t('order.backToHome')}
        </Link>
      </Stack>
    );
  }
  return <KitOrderWizard roleProfileId={initial.role_profile_id} />;
}

/** /patient/order-test-kit (flag order_kit). */
export function OrderTestKitPage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  return (
    <Paper sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('titles.orderTestKit')}
        </Typography>
        <QueryState query={onboarding}>{(initial) => <OrderContent initial={initial} />}</QueryState>
      </Stack>
    </Paper>
  );
}
