import Typography from '@mui/material/Typography';
import type { OrderAddress } from '@vireo/contracts';

/** An address as its lines, under its title. */
export function OrderAddressView({ title, address }: { title: string; address: OrderAddress }) {
  const lines = [address.address_1, address.address_2, address.town, address.county, address.postcode, address.telephone].filter((part): part is string => Boolean(part));
  return (
    <div>
      <Typography component="h4" variant="subtitle1">
        {title}
      </Typography>
      <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
        {lines.join('\n')}
      </Typography>
    </div>
  );
}
