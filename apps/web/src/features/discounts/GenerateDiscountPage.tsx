import { zodResolver } from '../../lib/formResolver';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DISCOUNT_CODE_MAX, DISCOUNT_TYPES, type DiscountData } from '@vireo/contracts';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/apiError';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { MessageText, useMessageText } from '../../lib/messageText';
import { useDiscountProjects, useGenerateDiscount } from './api';
import { DiscountTabs } from './DiscountTabs';
import { DiscountForm, newDiscountForm, type DiscountFormValues } from './discountValue';

const FIELDS: readonly FieldPath<DiscountFormValues>[] = ['project', 'code', 'type', 'value', 'active_from', 'active_to', 'uses'];
const dateSlots = { inputLabel: { shrink: true } } as const;

/**
 * /super_admin/generate-discount (discounts.manage): a new code for a project (one already used, or a
 * new one typed in), its type, value, days and uses; the spec's message on each field left empty, the
 * server's on the code when it is taken. Success empties the form for the next code.
 */
export function GenerateDiscountPage() {
  const { t } = useTranslation('discounts');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const projects = useDiscountProjects();
  const generate = useGenerateDiscount();
  const form = useForm<DiscountFormValues, unknown, DiscountData>({ resolver: zodResolver(DiscountForm), defaultValues: newDiscountForm() });
  const { control } = form;
  const type = useWatch({ control, name: 'type' });

  useEffect(() => {
    if (projects.isError) showToast(t('projectsError'), 'error');
  }, [projects.isError, showToast, t]);

  const submit = form.handleSubmit((values) =>
    generate.mutate(values, {
      onSuccess: (answer) => {
        showToast(messageText(answer.message), 'success');
        form.reset(newDiscountForm());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
        else if (!setServerFieldErrors(error, form.setError, FIELDS)) showToast(messageText(error.message), 'error');
      },
    }),
  );

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <DiscountTabs current="generate" />
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <Controller
            control={control}
            name="project"
            render={({ field, fieldState }) => (
              <Autocomplete
                freeSolo
                options={projects.data ?? []}
                inputValue={field.value}
                onInputChange={(_event, value) => field.onChange(value)}
                onChange={(_event, value) => field.onChange(value ?? '')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    label={t('form.project')}
                    required
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ? <MessageText message={fieldState.error.message} /> : ' '}
                  />
                )}
              />
            )}
          />
          <TextInput required control={control} name="code" label={t('form.code')} toValue={(typed) => typed.toUpperCase()} autoComplete="off" slotProps={{ htmlInput: { maxLength: DISCOUNT_CODE_MAX } }} />
          <TextInput required control={control} name="type" label={t('form.type')} select>
            {DISCOUNT_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`types.${option}`)}
              </MenuItem>
            ))}
          </TextInput>
          <TextInput
            required
            control={control}
            name="value"
            label={type === 'percentage' ? t('form.valuePercent') : t('form.valuePounds')}
            slotProps={{ htmlInput: { inputMode: type === 'percentage' ? 'numeric' : 'decimal' } }}
          />
          <TextInput required control={control} name="active_from" label={t('form.activeFrom')} type="date" slotProps={dateSlots} />
          <TextInput required control={control} name="active_to" label={t('form.activeTo')} type="date" slotProps={dateSlots} />
          <TextInput required control={control} name="uses" label={t('form.uses')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" loading={generate.isPending}>
              {t('form.generate')}
            </Button>
          </Box>
        </Box>
      </Stack>
    </Paper>
  );
}
