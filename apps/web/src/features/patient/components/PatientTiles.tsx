import Grid from '@mui/material/Grid';
import type { OnboardingState, OrganisationProfile } from '@vireo/contracts';
import { useOnboarding, useOrganisation } from '../api';
import { QueryState, bothQueries } from '../../../components/QueryState';
import { Tile, type TileProps } from './Tile';
import { useTranslation } from 'react-i18next';

export const BOOKING_PATH = '/authenticated/book';
export const MY_APPOINTMENTS_PATH = '/patient/appointments';

/**
 * The patient tiles and their conditions (spec 1 §2). Onboarding unlocks the symptom checker and
 * ordering; an order as well unlocks booking and results. The Help Portal tile is not a patient
 * tile. The order tile also needs the organisation's order_kit flag, as its page does.
 */
export function PatientTiles() {
  const onboarding = useOnboarding();
  const organisation = useOrganisation();
  return <QueryState query={bothQueries(onboarding, organisation)}>{([onboarding, flags]) => <Tiles onboarding={onboarding} flags={flags} />}</QueryState>;
}

function Tiles({ onboarding, flags }: { onboarding: OnboardingState; flags: OrganisationProfile }) {
  const { t } = useTranslation('patient');
  const { onboarding_complete: complete, shipping_details_complete: hasShipping, has_order: hasOrder } = onboarding;
  const afterOnboarding = complete ? undefined : t('tiles.locked');
  const afterOrder = complete && hasOrder ? undefined : t('tiles.lockedUntilOrder');

  const tiles: (TileProps & { key: string })[] = [];
  if (!hasShipping) tiles.push({ key: 'shipping', ...t('tiles.shippingInfo', { returnObjects: true }), to: '/patient/shipping-info' });
  if (!complete) tiles.push({ key: 'health', ...t('tiles.healthProfile', { returnObjects: true }), to: '/patient/health-assessment' });
  if (flags.daily_check) tiles.push({ key: 'symptoms', ...t('tiles.symptomChecker', { returnObjects: true }), to: '/patient/symptom-checker', lockedReason: afterOnboarding });
  if (flags.order_kit && !hasOrder) tiles.push({ key: 'order', ...t('tiles.orderKit', { returnObjects: true }), to: '/patient/order-test-kit', lockedReason: afterOnboarding });
  tiles.push({
    key: 'book',
    ...t('tiles.book', { returnObjects: true }),
    to: BOOKING_PATH,
    newTab: true,
    lockedReason: afterOrder,
  });
  tiles.push({ key: 'results', ...t('tiles.testResults', { returnObjects: true }), to: '/patient/test-results', lockedReason: afterOrder });
  tiles.push({ key: 'appointments', ...t('tiles.myAppointments', { returnObjects: true }), to: MY_APPOINTMENTS_PATH });

  return (
    <Grid container spacing={3}>
      {tiles.map(({ key, ...tile }) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
          <Tile {...tile} />
        </Grid>
      ))}
    </Grid>
  );
}
