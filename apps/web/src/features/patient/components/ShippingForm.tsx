import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '../../../lib/formResolver';
import { POSTCODE_MAX, ShippingDetailsInput, type ShippingDetails } from '@vireo/contracts';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { useSaveShipping } from '../api';
import { TextInput } from '../../../components/TextInput';
import { useTranslation } from 'react-i18next';

type ShippingFormValues = z.input<typeof ShippingDetailsInput>;
const FIELDS: FieldPath<ShippingFormValues>[] = ['address_1', 'address_2', 'city', 'county', 'postcode'];

/** The shipping details form: the contract's schema in the browser, the same schema again on the server. */
export function ShippingForm({ initial, onSaved, onCancel }: { initial: ShippingDetails | null; onSaved: (saved: ShippingDetails) => void; onCancel?: () => void }) {
  const { t } = useTranslation('patient');
  const save = useSaveShipping();
  const [failed, setFailed] = useState(false);
  const { control, handleSubmit, setError } = useForm<ShippingFormValues, unknown, ShippingDetailsInput>({
    resolver: zodResolver(ShippingDetailsInput),
    mode: 'onTouched',
    defaultValues: {
      address_1: initial?.address_1 ?? '',
      address_2: initial?.address_2 ?? '',
      city: initial?.city ?? '',
      county: initial?.county ?? '',
      postcode: initial?.postcode ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const saved = await save.mutateAsync(values);
      onSaved(saved.shipping_details);
    } catch (error) {
      setFailed(true);
      setServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 520 }}>
      {failed && <Alert severity="error">{t('shipping.error')}</Alert>}
      <TextInput control={control} name="address_1" label={t('shipping.address1')} required autoComplete="address-line1" />
      <TextInput control={control} name="address_2" label={t('shipping.address2')} autoComplete="address-line2" />
      <TextInput control={control} name="city" label={t('shipping.town')} required autoComplete="address-level2" />
      <TextInput control={control} name="county" label={t('shipping.county')} required autoComplete="address-level1" />
      <TextInput
        control={control}
        name="postcode"
        label={t('shipping.postcode')}
        required
        autoComplete="postal-code"
        slotProps={{ htmlInput: { maxLength: POSTCODE_MAX } }}
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('shipping.save')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={save.isPending}>
            {t('shipping.cancel')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
