import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderAddress, OrderCurrency, OrderPricing } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { formatPence } from '../../lib/money';

function AddressBlock({ title, name, address }: { title: string; name?: string; address: OrderAddress }) {
  const lines = [name, address.address_1, address.address_2, address.town, address.county, address.postcode].filter((line): line is string => Boolean(line));
  return (
    <div>
      <Typography component="h3" variant="subtitle1">
        {title}
      </Typography>
      <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
        {lines.join('\n')}
      </Typography>
    </div>
  );
}

/** The Summary: the line, the code's discount, the VAT included, the total, and where the kits go and who pays. */
export function OrderSummary({
  title,
  quantity,
  currency,
  pricing,
  code,
  billingName,
  shipping,
  billing,
}: {
  title: string;
  quantity: number;
  currency: OrderCurrency;
  pricing: OrderPricing;
  code: string | null;
  billingName: string;
  shipping: OrderAddress;
  billing: OrderAddress;
}) {
  const { t } = useTranslation('shop');
  const money = (pence: number) => formatPence(pence, currency);
  return (
    <>
      <Table aria-label={t('summary.label')} size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('summary.item')}</TableCell>
            <TableCell align="right">{t('summary.quantity')}</TableCell>
            <TableCell align="right">{t('summary.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{title}</TableCell>
            <TableCell align="right">{quantity}</TableCell>
            <TableCell align="right">{money(pricing.original_price)}</TableCell>
          </TableRow>
          {code && (
            <TableRow>
              <TableCell colSpan={2}>{t('summary.discount', { code })}</TableCell>
              <TableCell align="right">−{money(pricing.discount_amount)}</TableCell>
            </TableRow>
          )}
          <TableRow>
            <TableCell colSpan={2}>{t('summary.vat')}</TableCell>
            <TableCell align="right">{money(pricing.vat)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 'bold' }}>
              {t('summary.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {money(pricing.price)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {t('summary.serverDecides')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <AddressBlock title={t('summary.shipTo')} address={shipping} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <AddressBlock title={t('summary.billTo')} name={billingName} address={billing} />
        </Grid>
      </Grid>
    </>
  );
}
