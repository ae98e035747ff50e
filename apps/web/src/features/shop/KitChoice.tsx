import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@vireo/contracts';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPence, poundsAsPence } from '../../lib/money';
import { SHOP_MAX_QUANTITY, SHOP_MIN_QUANTITY, type ShopValues } from './shopOrder';

const QUANTITIES = Array.from({ length: SHOP_MAX_QUANTITY - SHOP_MIN_QUANTITY + 1 }, (_q, i) => SHOP_MIN_QUANTITY + i);

/** The kits as cards to choose one of (an out-of-stock kit cannot be chosen), and how many. */
export function KitChoice({ control, kits }: { control: Control<ShopValues>; kits: readonly Product[] }) {
  const { t } = useTranslation('shop');
  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="product_id"
        render={({ field }) => (
          <RadioGroup aria-label={t('kit.label')} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            <Grid container spacing={2}>
              {kits.map((kit) => {
                const chosen = field.value === kit.id;
                const outOfStock = kit.out_of_stock === 1;
                return (
                  <Grid key={kit.id} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Card variant="outlined" sx={{ height: '100%', borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1, bgcolor: outOfStock ? 'action.hover' : undefined }}>
                      <CardContent>
                        <FormControlLabel value={kit.id} disabled={outOfStock} control={<Radio slotProps={{ input: { ref: chosen ? field.ref : undefined } }} />} label={<Typography variant="h6" component="span">{kit.title}</Typography>} />
                        {kit.sub_title && <Typography color="text.secondary">{kit.sub_title}</Typography>}
                        <Typography variant="h5" component="p" sx={{ my: 1 }}>
                          {formatPence(poundsAsPence(kit.price), kit.currency)}
                        </Typography>
                        {kit.description && <Typography variant="body2">{kit.description}</Typography>}
                        {kit.points.length > 0 && (
                          <ul>
                            {kit.points.map((point) => (
                              <li key={point.text}>
                                <Typography variant="body2">{point.text}</Typography>
                              </li>
                            ))}
                          </ul>
                        )}
                        {outOfStock && <Chip label={t('kit.outOfStock')} size="small" />}
                      </CardContent>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
          </RadioGroup>
        )}
      />
      <Controller
        control={control}
        name="quantity"
        render={({ field }) => (
          <TextField select label={t('kit.quantity')} value={field.value} onChange={(event) => field.onChange(Number(event.target.value))} inputRef={field.ref} sx={{ width: 160 }}>
            {QUANTITIES.map((quantity) => (
              <MenuItem key={quantity} value={quantity}>
                {quantity}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
