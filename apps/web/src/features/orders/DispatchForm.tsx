import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DispatchOrderRequest, KIT_ID_MAX, TRACKING_REFERENCE_MAX, type Order } from '@vireo/contracts';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { input } from 'zod';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { unitsToDispatch } from './dispatchUnits';

type DispatchValues = input<typeof DispatchOrderRequest>;

/**
 * Dispatch (PATCH /order/{id}/process): a kit ID and a tracking reference for each shipped unit
 * not yet sent; the kit ID upper-cased as typed (kit activation checks it).
 */
export function DispatchForm({ order, onDispatch }: { order: Order; onDispatch: (request: DispatchOrderRequest) => Promise<unknown> }) {
  const { t } = useTranslation('orders');
  const { showToast } = useToast();
  const units = unitsToDispatch(order);
  const { control, handleSubmit, setError, formState } = useForm<DispatchValues, unknown, DispatchOrderRequest>({
    resolver: zodResolver(DispatchOrderRequest),
    mode: 'onTouched',
    defaultValues: { units: units.map((unit) => ({ product_id: unit.product_id, kit_id: '', tracking_reference: '' })) },
  });
  const { fields } = useFieldArray({ control, name: 'units' });
  const names = fields.flatMap((_field, i) => [`units.${i}.kit_id`, `units.${i}.tracking_reference`] as FieldPath<DispatchValues>[]);

  const submit = handleSubmit(async (request) => {
    try {
      await onDispatch(request);
      showToast(t('drawer.dispatch.done'), 'success');
    } catch (error) {
      if (!setServerFieldErrors(error, setError, names)) showToast(error instanceof Error ? error.message : t('drawer.failed'), 'error');
    }
  });

  if (units.length === 0) return <Typography color="text.secondary">{t('drawer.dispatch.nothing')}</Typography>;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      {fields.map((field, i) => {
        const unit = units[i]!;
        return (
          <Stack key={field.id} component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2">
              {t('drawer.dispatch.unit', { title: unit.title, n: unit.n })}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                  control={control}
                  name={`units.${i}.kit_id`}
                  label={t('drawer.dispatch.kitId')}
                  size="small"
                  required
                  toValue={(typed) => typed.toUpperCase()}
                  slotProps={{ htmlInput: { maxLength: KIT_ID_MAX, 'aria-label': `${t('drawer.dispatch.kitId')}, ${t('drawer.dispatch.unit', { title: unit.title, n: unit.n })}` } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                  control={control}
                  name={`units.${i}.tracking_reference`}
                  label={t('drawer.dispatch.tracking')}
                  size="small"
                  required
                  slotProps={{ htmlInput: { maxLength: TRACKING_REFERENCE_MAX, 'aria-label': `${t('drawer.dispatch.tracking')}, ${t('drawer.dispatch.unit', { title: unit.title, n: unit.n })}` } }}
                />
              </Grid>
            </Grid>
          </Stack>
        );
      })}
      <div>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('drawer.dispatch.submit')}
        </Button>
      </div>
    </Stack>
  );
}
