import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/TextInput';
import type { ShopValues } from './shopOrder';

/** An order address's fields (contracts' OrderAddress), under `name` of the shop's form. */
export function AddressFields({ control, name, section }: { control: Control<ShopValues>; name: 'shipping_address' | 'billing_address'; section: 'shipping' | 'billing' }) {
  const { t } = useTranslation('shop');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={`${name}.address_1`} label={t('address.address1')} required autoComplete={`${section} address-line1`} slotProps={{ htmlInput: { maxLength: 200 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={`${name}.address_2`} label={t('address.address2')} autoComplete={`${section} address-line2`} slotProps={{ htmlInput: { maxLength: 200 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={`${name}.town`} label={t('address.town')} required autoComplete={`${section} address-level2`} slotProps={{ htmlInput: { maxLength: 100 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={`${name}.county`} label={t('address.county')} autoComplete={`${section} address-level1`} slotProps={{ htmlInput: { maxLength: 100 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={`${name}.postcode`} label={t('address.postcode')} required autoComplete={`${section} postal-code`} slotProps={{ htmlInput: { maxLength: 12 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={`${name}.telephone`} label={t('address.telephone')} type="tel" autoComplete={`${section} tel`} slotProps={{ htmlInput: { maxLength: 30 } }} />
      </Grid>
    </Grid>
  );
}
