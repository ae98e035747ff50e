import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DropboxForm, FACILITY_LIMITS, defaultOpeningTimes, openingDaysOf, openingTimesOf, type Dropbox, type DropboxInput, type FacilityInput } from '@vireo/contracts';
import { Controller, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { weekdayKey } from './paths';

const FACILITY_FIELDS = ['name', 'address_1', 'address_2', 'city', 'county', 'postcode', 'country', 'type', 'first_name', 'last_name', 'phone', 'email'] as const satisfies readonly (keyof FacilityInput)[];
const REQUIRED = new Set<keyof FacilityInput>(['name', 'address_1', 'city', 'county', 'postcode']);

const EMPTY_FACILITY: FacilityInput = { name: '', address_1: '', address_2: '', city: '', county: '', postcode: '', country: 'UK', type: '', first_name: '', last_name: '', phone: '', email: '' };

export function dropboxFormValues(dropbox?: Dropbox): DropboxForm {
  return {
    facility: dropbox ? { ...dropbox.facility } : EMPTY_FACILITY,
    days: openingDaysOf(dropbox ? (dropbox.opening_times as DropboxInput['opening_times']) : defaultOpeningTimes()),
  };
}

export const dropboxRequest = (values: DropboxForm): DropboxInput => ({ facility: values.facility, opening_times: openingTimesOf(values.days) });

export function useDropboxForm(dropbox?: Dropbox) {
  return useForm<DropboxForm>({ resolver: zodResolver(DropboxForm), defaultValues: dropboxFormValues(dropbox) });
}

/** The server's field errors on the facility's fields (its opening-time errors name rows of the request, so they go to a toast). */
export const setDropboxErrors = (error: unknown, form: UseFormReturn<DropboxForm>) =>
  setServerFieldErrors(error, form.setError, FACILITY_FIELDS.map((field) => `facility.${field}` as FieldPath<DropboxForm>));

/** The dropbox form (spec 3 §2.8, §3, §5): the facility, then a row per weekday (Sunday first) open or closed with its hours. */
export function DropboxFields({ form, readOnly = false }: { form: UseFormReturn<DropboxForm>; readOnly?: boolean }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { errors } = form.formState;
  const days = useWatch({ control: form.control, name: 'days' });
  return (
    <Stack spacing={3}>
      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6">
          {t('form.facility')}
        </Typography>
        <Grid container spacing={2}>
          {FACILITY_FIELDS.map((field) => {
            const error = errors.facility?.[field]?.message;
            return (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  label={t(`form.${field}`)}
                  required={REQUIRED.has(field)}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                  slotProps={{ htmlInput: { readOnly, maxLength: field === 'postcode' ? FACILITY_LIMITS.postcode : FACILITY_LIMITS.text } }}
                  {...form.register(`facility.${field}`)}
                  error={Boolean(error)}
                  helperText={error ? messageText(error) : undefined}
                  autoComplete="off"
                />
              </Grid>
            );
          })}
        </Grid>
      </Stack>
      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6">
          {t('form.openingTimes')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('form.openingTimesHint')}
        </Typography>
        {days.map((day, index) => {
          const name = t(weekdayKey(day.weekday));
          const dayErrors = errors.days?.[index];
          return (
            <Stack key={day.weekday} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Controller
                control={form.control}
                name={`days.${index}.open`}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ minWidth: 160, mt: { sm: 1 } }}
                    control={<Checkbox checked={field.value} onChange={(_e, checked) => field.onChange(checked)} onBlur={field.onBlur} disabled={readOnly} slotProps={{ input: { ref: field.ref, 'aria-label': t('form.open', { day: name }) } }} />}
                    label={name}
                  />
                )}
              />
              {day.open ? (
                <>
                  <TextField
                    label={t('form.opens', { day: name })}
                    type="time"
                    size="small"
                    slotProps={{ htmlInput: { readOnly, step: 60 }, inputLabel: { shrink: true } }}
                    {...form.register(`days.${index}.start_hour`)}
                    error={Boolean(dayErrors?.start_hour)}
                    helperText={dayErrors?.start_hour?.message ? messageText(dayErrors.start_hour.message) : undefined}
                  />
                  <TextField
                    label={t('form.closes', { day: name })}
                    type="time"
                    size="small"
                    slotProps={{ htmlInput: { readOnly, step: 60 }, inputLabel: { shrink: true } }}
                    {...form.register(`days.${index}.end_hour`)}
                    error={Boolean(dayErrors?.end_hour)}
                    helperText={dayErrors?.end_hour?.message ? messageText(dayErrors.end_hour.message) : undefined}
                  />
                </>
              ) : (
                <Typography color="text.secondary" sx={{ mt: { sm: 1.5 } }}>
                  {t('form.closed')}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
