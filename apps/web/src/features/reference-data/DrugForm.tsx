import { zodResolver } from '../../lib/formResolver';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DRUG_LIMITS, DrugRequest, type Drug } from '@vireo/contracts';
import { Controller, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors } from '../../lib/fieldErrors';

export const drugFormValues = (drug?: Drug): DrugRequest => ({
  name: drug?.name ?? '',
  base_component: drug?.base_component ?? '',
  type: drug?.type ?? '',
  class: drug?.class ?? (Number.NaN as number),
  show_in_autocomplete: drug?.show_in_autocomplete ?? false,
});

const FIELDS: FieldPath<DrugRequest>[] = ['name', 'base_component', 'type', 'class', 'show_in_autocomplete'];

export const setDrugErrors = (error: unknown, form: UseFormReturn<DrugRequest>) => setServerFieldErrors(error, form.setError, FIELDS);

export function useDrugForm(drug?: Drug) {
  return useForm<DrugRequest>({ resolver: zodResolver(DrugRequest), defaultValues: drugFormValues(drug) });
}

/** The drug form (spec 3 §2.5): Drug Name, Base Component, Type, Class (number), Show in Autocomplete. */
export function DrugFields({ form, readOnly = false }: { form: UseFormReturn<DrugRequest>; readOnly?: boolean }) {
  const { t } = useTranslation('reference-data');
  const { errors } = form.formState;
  const input = { htmlInput: { readOnly, maxLength: DRUG_LIMITS.text } };
  return (
    <Stack spacing={2}>
      <TextField label={t('drugs.drugName')} required slotProps={input} {...form.register('name')} error={!!errors.name} helperText={errors.name?.message} autoComplete="off" />
      <TextField label={t('drugs.baseComponent')} required slotProps={input} {...form.register('base_component')} error={!!errors.base_component} helperText={errors.base_component?.message} autoComplete="off" />
      <TextField label={t('drugs.type')} required slotProps={input} {...form.register('type')} error={!!errors.type} helperText={errors.type?.message} autoComplete="off" />
      <TextField
        label={t('drugs.class')}
        type="number"
        required
        slotProps={{ htmlInput: { readOnly, min: 0, max: DRUG_LIMITS.maxClass } }}
        {...form.register('class', { valueAsNumber: true })}
        error={!!errors.class}
        helperText={errors.class?.message}
      />
      <Controller
        control={form.control}
        name="show_in_autocomplete"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(_e, checked) => field.onChange(checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} disabled={readOnly} />}
            label={t('drugs.showInAutocomplete')}
          />
        )}
      />
    </Stack>
  );
}
