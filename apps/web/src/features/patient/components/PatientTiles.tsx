import Grid from '@mui/material/Grid';
import type { OnboardingState, OrganisationProfile } from '@vireo/contracts';
import { useOnboarding, useOrganisation } from '../api';
import { TEXT } from '../texts';
import { QueryState, bothQueries } from '../../../components/QueryState';
import { Tile, type TileProps } from './Tile';

export const BOOKING_PATH = '/authenticated/book';

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
  const { onboarding_complete: complete, shipping_details_complete: hasShipping, has_order: hasOrder } = onboarding;
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
