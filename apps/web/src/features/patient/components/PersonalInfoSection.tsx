import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { zodResolver } from '../../../lib/formResolver';
import { MIN_DATE_OF_BIRTH_EPOCH, NAME_MAX, NAME_MIN, NAME_PATTERN, UpdateUserRequest, formatUkDate, type PublicUser } from '@vireo/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { useUpdatePersonalDetails } from '../api';
import { TextInput } from '../../../components/TextInput';
import { UkDates } from './UkDates';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/messageText';

const Telephone = UpdateUserRequest.shape.telephone.unwrap().unwrap();

/** A date of birth as the identity service keeps it: epoch seconds of 00:00 UTC on that day. */
const toEpoch = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 1000;
function fromEpoch(seconds: number): Date {
  const utc = new Date(seconds * 1000);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/** The identity service's rules for these fields, with the picker's date checked the same way, and messages a person can act on. */
function personalDetailsForm(t: TFunction<'patient'>) {
  // The identity service's name rule (contracts' PersonName).
  const Name = z.string().trim().min(NAME_MIN, t('personal.nameTooShort')).max(NAME_MAX, t('personal.nameTooLong')).regex(NAME_PATTERN, t('personal.nameLetters'));
  return z.object({
    first_name: Name,
    last_name: Name,
    date_of_birth: z
      .date({ error: t('personal.dateOfBirthInvalid') })
      .refine((date) => !Number.isNaN(date.getTime()), t('personal.dateOfBirthInvalid'))
      .refine((date) => toEpoch(date) >= MIN_DATE_OF_BIRTH_EPOCH, t('personal.dateOfBirthMin'))
      .refine((date) => date.getTime() <= Date.now(), t('personal.dateOfBirthFuture')),
    telephone: z.union([z.literal(''), Telephone]),
  });
}
type PersonalDetailsForm = ReturnType<typeof personalDetailsForm>;
type PersonalDetailsValues = z.input<PersonalDetailsForm>;
const PERSONAL_FIELDS: FieldPath<PersonalDetailsValues>[] = ['first_name', 'last_name', 'date_of_birth', 'telephone'];

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </div>
  );
}

function PersonalInfoForm({ user, onDone }: { user: PublicUser; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('patient');
  const schema = useMemo(() => personalDetailsForm(t), [t]);
  const update = useUpdatePersonalDetails(user.id);
  const [failure, setFailure] = useState<string | null>(null);
  const messageText = useMessageText();
  const { control, handleSubmit, setError } = useForm<PersonalDetailsValues, unknown, z.output<PersonalDetailsForm>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      date_of_birth: user.date_of_birth === null ? undefined : fromEpoch(user.date_of_birth),
      telephone: user.telephone ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        date_of_birth: toEpoch(values.date_of_birth),
        telephone: values.telephone === '' ? null : values.telephone,
      });
      onDone(true);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, PERSONAL_FIELDS)) setFailure(error instanceof ApiError ? error.message : t('personal.error'));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 520 }}>
      {failure && <Alert severity="error">{messageText(failure)}</Alert>}
      <TextInput control={control} name="first_name" label={t('personal.firstName')} required autoComplete="given-name" />
      <TextInput control={control} name="last_name" label={t('personal.lastName')} required autoComplete="family-name" />
      <Controller
        control={control}
        name="date_of_birth"
        render={({ field, fieldState }) => (
          <DatePicker
            label={t('personal.dateOfBirth')}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            format="dd/MM/yyyy"
            minDate={new Date(1901, 0, 1)}
            disableFuture
            inputRef={field.ref}
            slotProps={{
              textField: {
                required: true,
                onBlur: field.onBlur,
                error: Boolean(fieldState.error),
                helperText: fieldState.error?.message ? messageText(fieldState.error.message) : t('personal.dateFormat'),
              },
            }}
          />
        )}
      />
      <TextInput control={control} name="telephone" label={t('personal.telephone')} type="tel" autoComplete="tel" />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('personal.save')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={update.isPending}>
          {t('personal.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** My Account's personal information: a read view that toggles to an edit form (Edit, Cancel, Save). */
export function PersonalInfoSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('patient');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <Paper component="section" aria-labelledby="personal-heading" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography id="personal-heading" component="h2" variant="h5">
          {t('personal.heading')}
        </Typography>
        {saved && <Alert severity="success">{t('personal.saved')}</Alert>}
        {editing ? (
          <UkDates>
            <PersonalInfoForm
              user={user}
              onDone={(didSave) => {
                setSaved(didSave);
                setEditing(false);
              }}
            />
          </UkDates>
        ) : (
          <>
            <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
              <Detail label={t('personal.firstName')} value={user.first_name} />
              <Detail label={t('personal.lastName')} value={user.last_name} />
              <Detail label={t('personal.email')} value={user.email} />
              <Detail label={t('personal.dateOfBirth')} value={user.date_of_birth === null ? t('personal.none') : formatUkDate(new Date(user.date_of_birth * 1000))} />
              <Detail label={t('personal.telephone')} value={user.telephone ?? t('personal.none')} />
            </Stack>
            <div>
              <Button
                variant="outlined"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {t('personal.edit')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
