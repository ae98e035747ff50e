import Typography from '@mui/material/Typography';
import type { ShippingDetails } from '@vireo/contracts';

/** The read view of shipping details: the address as it goes on the parcel. */
export function ShippingSummary({ details }: { details: ShippingDetails }) {
  const lines = [details.address_1, details.address_2, details.city, details.county, details.postcode].filter(Boolean);
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Typography>
  );
}
