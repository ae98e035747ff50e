import Grid from '@mui/material/Grid';
import { useOnboarding, useOrganisation } from '../api';
import { TEXT } from '../texts';
import { QueryState } from './QueryState';
import { Tile, type TileProps } from './Tile';

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
  if (!onboarding.data || !organisation.data) {
    const failed = onboarding.isError ? onboarding : organisation;
    return <QueryState isError={failed.isError} error={failed.error} onRetry={() => void Promise.all([onboarding.refetch(), organisation.refetch()])} />;
  }
  const { onboarding_complete: complete, shipping_details_complete: hasShipping, has_order: hasOrder } = onboarding.data;
  const flags = organisation.data;
  const afterOnboarding = complete ? undefined : TEXT.tiles.locked;
  const afterOrder = complete && hasOrder ? undefined : TEXT.tiles.lockedUntilOrder;

  const tiles: (TileProps & { key: string })[] = [];
  if (!hasShipping) tiles.push({ key: 'shipping', ...TEXT.tiles.shippingInfo, to: '/patient/shipping-info' });
  if (!complete) tiles.push({ key: 'health', ...TEXT.tiles.healthProfile, to: '/patient/health-assessment' });
  if (flags.daily_check) tiles.push({ key: 'symptoms', ...TEXT.tiles.symptomChecker, to: '/patient/symptom-checker', lockedReason: afterOnboarding });
  if (flags.order_kit && !hasOrder) tiles.push({ key: 'order', ...TEXT.tiles.orderKit, to: '/patient/order-test-kit', lockedReason: afterOnboarding });
  tiles.push({
    key: 'book',
    ...TEXT.tiles.book,
    to: BOOKING_PATH,
    newTab: true,
    lockedReason: afterOrder,
  });
  tiles.push({ key: 'results', ...TEXT.tiles.testResults, to: '/patient/test-results', lockedReason: afterOrder });
  tiles.push({ key: 'appointments', ...TEXT.tiles.myAppointments, to: MY_APPOINTMENTS_PATH });

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
