import { zodResolver } from '../../lib/formResolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COUNTRY_LIMITS,
  CountryCode,
  CountryName,
  CountryRestriction,
  CountryVaccineInformation,
  NcaAddress,
  ProhibitedSchedule,
  Recommendation,
  ScheduleNumber,
  type Country,
  type CreateCountryRequest,
} from '@vireo/contracts';
import { useFieldArray, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setServerFieldErrors } from '../../lib/fieldErrors';

const ScheduleItem = z.object({ value: ScheduleNumber });
const common = {
  name: CountryName,
  NCA_address: NcaAddress,
  prohibited_schedule: ProhibitedSchedule,
  narcotics: z.array(ScheduleItem).max(COUNTRY_LIMITS.listItems),
  psychotropics: z.array(ScheduleItem).max(COUNTRY_LIMITS.listItems),
  recommendations: z.array(Recommendation).max(COUNTRY_LIMITS.listItems),
};
/** The form's shape: the number lists as rows of `{ value }` (what useFieldArray keeps); the code is checked on create only. */
const countryForm = (mode: 'create' | 'edit') =>
  z.object({ id: mode === 'create' ? CountryCode : z.string(), ...common, restriction: CountryRestriction, vaccine_information: CountryVaccineInformation });
export type CountryFormValues = z.infer<ReturnType<typeof countryForm>>;

export function countryFormValues(country?: Country): CountryFormValues {
  return {
    id: country?.id ?? '',
    name: country?.name ?? '',
    NCA_address: country?.NCA_address ?? { address_5: '', email: '' },
    prohibited_schedule: country?.prohibited_schedule ?? (Number.NaN as number),
    narcotics: (country?.prohibited_schedule_narcotics ?? []).map((value) => ({ value })),
    psychotropics: (country?.prohibited_schedule_psychotropics ?? []).map((value) => ({ value })),
    recommendations: country?.recommendations ?? [],
    restriction: country?.restriction ?? { narcotic: '', psychotropic: '' },
    vaccine_information: country?.vaccine_information ?? { most_travellers: '', recommended: '' },
  };
}

/** The API's body from the form's values. */
export function countryRequest(values: CountryFormValues): CreateCountryRequest {
  return {
    id: values.id,
    name: values.name,
    NCA_address: values.NCA_address,
    prohibited_schedule: values.prohibited_schedule,
    prohibited_schedule_narcotics: values.narcotics.map((item) => item.value),
    prohibited_schedule_psychotropics: values.psychotropics.map((item) => item.value),
    recommendations: values.recommendations,
  };
}

const FIELDS: FieldPath<CountryFormValues>[] = ['id', 'name', 'NCA_address.address_5', 'NCA_address.email', 'prohibited_schedule'];

/** Puts the server's field errors on the form: its list paths (`prohibited_schedule_narcotics.1`) are the form's rows. */
export function setCountryErrors(error: unknown, form: UseFormReturn<CountryFormValues>): boolean {
  const rename: Record<string, FieldPath<CountryFormValues>> = {};
  for (let i = 0; i < COUNTRY_LIMITS.listItems; i++) {
    rename[`prohibited_schedule_narcotics.${i}`] = `narcotics.${i}.value`;
    rename[`prohibited_schedule_psychotropics.${i}`] = `psychotropics.${i}.value`;
    rename[`recommendations.${i}.recommendation`] = `recommendations.${i}.recommendation`;
  }
  return setServerFieldErrors(error, form.setError, FIELDS, rename);
}

export function useCountryForm(mode: 'create' | 'edit', country?: Country) {
  return useForm<CountryFormValues>({
    resolver: zodResolver(countryForm(mode)),
    defaultValues: countryFormValues(country),
  });
}

function NumberList({ form, name, label, itemLabel, readOnly }: { form: UseFormReturn<CountryFormValues>; name: 'narcotics' | 'psychotropics'; label: string; itemLabel: (n: number) => string; readOnly: boolean }) {
  const { t } = useTranslation('reference-data');
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors[name];
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {label}
      </Typography>
      {fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={itemLabel(index + 1)}
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 99, readOnly } }}
            {...form.register(`${name}.${index}.value`, { valueAsNumber: true })}
            error={!!errors?.[index]?.value}
            helperText={errors?.[index]?.value?.message}
          />
          {!readOnly && (
            <IconButton aria-label={t('countries.removeItem', { item: itemLabel(index + 1) })} onClick={() => remove(index)} sx={{ mt: 1 }}>
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {!readOnly && (
        <Box>
          <Button onClick={() => append({ value: Number.NaN })} aria-label={`${t('form.addItem')}: ${label}`}>
            {t('form.addItem')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function Recommendations({ form, readOnly }: { form: UseFormReturn<CountryFormValues>; readOnly: boolean }) {
  const { t } = useTranslation('reference-data');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'recommendations' });
  const errors = form.formState.errors.recommendations;
  const label = t('countries.recommendations');
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {label}
      </Typography>
      {fields.map((field, index) => {
        const itemLabel = t('countries.recommendationItem', { n: index + 1 });
        return (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={itemLabel}
              multiline
              minRows={2}
              maxRows={COUNTRY_LIMITS.recommendationRows}
              fullWidth
              slotProps={{ htmlInput: { readOnly } }}
              {...form.register(`recommendations.${index}.recommendation`)}
              error={!!errors?.[index]?.recommendation}
              helperText={errors?.[index]?.recommendation?.message}
            />
            {!readOnly && (
              <IconButton aria-label={t('countries.removeItem', { item: itemLabel })} onClick={() => remove(index)} sx={{ mt: 1 }}>
                ×
              </IconButton>
            )}
          </Stack>
        );
      })}
      {!readOnly && (
        <Box>
          <Button onClick={() => append({ recommendation: '' })} aria-label={`${t('form.addItem')}: ${label}`}>
            {t('form.addItem')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The country form (spec 3 §2.4): Name, Country Code (on create only), Address, Email, Prohibited
 * Schedule, the Narcotics and Psychotropics numbers and the Recommendations, each list with Add
 * item. Editing also shows the linked restriction and vaccine information.
 */
export function CountryFields({ form, mode, readOnly = false }: { form: UseFormReturn<CountryFormValues>; mode: 'create' | 'edit'; readOnly?: boolean }) {
  const { t } = useTranslation('reference-data');
  const { errors } = form.formState;
  const input = { htmlInput: { readOnly } };
  return (
    <Stack spacing={2}>
      <TextField label={t('countries.name')} required slotProps={input} {...form.register('name')} error={!!errors.name} helperText={errors.name?.message} autoComplete="off" />
      {mode === 'create' && (
        <TextField
          label={t('countries.code')}
          required
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
          {...form.register('id')}
          error={!!errors.id}
          helperText={errors.id?.message}
          autoComplete="off"
        />
      )}
      <TextField label={t('countries.address')} multiline minRows={2} slotProps={input} {...form.register('NCA_address.address_5')} error={!!errors.NCA_address?.address_5} helperText={errors.NCA_address?.address_5?.message} />
      <TextField label={t('countries.email')} type="email" slotProps={input} {...form.register('NCA_address.email')} error={!!errors.NCA_address?.email} helperText={errors.NCA_address?.email?.message} autoComplete="off" />
      <TextField
        label={t('countries.prohibitedSchedule')}
        type="number"
        required
        slotProps={{ htmlInput: { min: 0, max: 99, readOnly } }}
        {...form.register('prohibited_schedule', { valueAsNumber: true })}
        error={!!errors.prohibited_schedule}
        helperText={errors.prohibited_schedule?.message}
      />
      <NumberList form={form} name="narcotics" label={t('countries.narcotics')} itemLabel={(n) => t('countries.narcoticsItem', { n })} readOnly={readOnly} />
      <NumberList form={form} name="psychotropics" label={t('countries.psychotropics')} itemLabel={(n) => t('countries.psychotropicsItem', { n })} readOnly={readOnly} />
      <Recommendations form={form} readOnly={readOnly} />
      {mode === 'edit' && (
        <>
          <Typography component="h2" variant="subtitle1">
            {t('countries.restriction')}
          </Typography>
          <TextField label={t('countries.narcotic')} multiline slotProps={input} {...form.register('restriction.narcotic')} error={!!errors.restriction?.narcotic} helperText={errors.restriction?.narcotic?.message} />
          <TextField label={t('countries.psychotropic')} multiline slotProps={input} {...form.register('restriction.psychotropic')} error={!!errors.restriction?.psychotropic} helperText={errors.restriction?.psychotropic?.message} />
          <Typography component="h2" variant="subtitle1">
            {t('countries.vaccineInformation')}
          </Typography>
          <TextField label={t('countries.mostTravellers')} multiline slotProps={input} {...form.register('vaccine_information.most_travellers')} />
          <TextField label={t('countries.recommended')} multiline slotProps={input} {...form.register('vaccine_information.recommended')} />
        </>
      )}
    </Stack>
  );
}
