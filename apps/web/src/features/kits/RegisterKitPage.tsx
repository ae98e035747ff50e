import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  KIT_ID_MAX,
  KIT_REGISTERED_MESSAGE_MS,
  KIT_REGISTRATION_MSG,
  KitRegistrationForm,
  kitIdLooksMistyped,
  londonCalendarDate,
  normaliseKitId,
  type KitPerson,
} from '@vireo/contracts';
import { useEffect, useState, type ClipboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { useKitRegistration, useRegisterKit } from './api';

/** Today in London, yyyy-MM-dd: a sample cannot be taken later. */
function londonToday(): string {
  const today = londonCalendarDate(new Date());
  return `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
}

const blockPaste = (event: ClipboardEvent) => event.preventDefault();

const EMPTY: KitRegistrationForm = { booking_user_id: '', kit_id: '', kit_id_confirmation: '', sample_date: '', sample_time: '', confirmed: false };

function KitForm({ appointmentId, shortToken, people }: { appointmentId: string; shortToken: string; people: KitPerson[] }) {
  const { t } = useTranslation('kits');
  const messageText = useMessageText();
  const register = useRegisterKit(appointmentId, shortToken);
  const [outcome, setOutcome] = useState<'submitted' | 'failed' | null>(null);
  const form = useForm<KitRegistrationForm>({ resolver: zodResolver(KitRegistrationForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const kitId = useWatch({ control: form.control, name: 'kit_id' });
  const fieldError = (message: string | undefined) => (message ? messageText(message) : undefined);

  useEffect(() => {
    if (outcome !== 'submitted') return;
    const timer = setTimeout(() => setOutcome(null), KIT_REGISTERED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const submit = form.handleSubmit(({ booking_user_id, ...values }) => {
    setOutcome(null);
    register.mutate(
      { bookingUserId: booking_user_id, body: { ...values, confirmed: true } },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setOutcome('submitted');
        },
        onError: (error) => {
          setServerFieldErrors(error, form.setError, ['kit_id', 'kit_id_confirmation', 'sample_date', 'sample_time', 'confirmed']);
          setOutcome('failed');
        },
      },
    );
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('register.title')}>
      <Stack spacing={2}>
        {outcome === 'submitted' && (
          <Alert severity="success" role="status">
            {messageText(KIT_REGISTRATION_MSG.submitted)}
          </Alert>
        )}
        {outcome === 'failed' && <Alert severity="error">{messageText(KIT_REGISTRATION_MSG.failed)}</Alert>}
        <Controller
          control={form.control}
          name="booking_user_id"
          render={({ field }) => (
            <TextField
              select
              label={t('register.person')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.booking_user_id)}
              helperText={fieldError(errors.booking_user_id?.message)}
            >
              {people.map((person) => (
                <MenuItem key={person.id} value={person.id} disabled={person.activated}>
                  {person.activated ? t('register.personActivated', { name: `${person.first_name} ${person.last_name}` }) : `${person.first_name} ${person.last_name}`}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('register.kitId')}
          required
          {...form.register('kit_id', { setValueAs: (value: string) => normaliseKitId(value) })}
          onChange={(event) => form.setValue('kit_id', event.target.value.toUpperCase(), { shouldValidate: form.formState.isSubmitted })}
          onPaste={blockPaste}
          error={Boolean(errors.kit_id)}
          helperText={fieldError(errors.kit_id?.message) ?? (kitId && kitIdLooksMistyped(normaliseKitId(kitId)) ? t('register.letterO') : t('register.kitIdHint'))}
          slotProps={{ htmlInput: { maxLength: KIT_ID_MAX, autoCapitalize: 'characters', spellCheck: false } }}
          autoComplete="off"
        />
        <TextField
          label={t('register.kitIdRepeat')}
          required
          {...form.register('kit_id_confirmation', { setValueAs: (value: string) => normaliseKitId(value) })}
          onChange={(event) => form.setValue('kit_id_confirmation', event.target.value.toUpperCase(), { shouldValidate: form.formState.isSubmitted })}
          onPaste={blockPaste}
          error={Boolean(errors.kit_id_confirmation)}
          helperText={fieldError(errors.kit_id_confirmation?.message)}
          slotProps={{ htmlInput: { maxLength: KIT_ID_MAX, autoCapitalize: 'characters', spellCheck: false } }}
          autoComplete="off"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('register.sampleDate')}
            type="date"
            required
            fullWidth
            {...form.register('sample_date')}
            error={Boolean(errors.sample_date)}
            helperText={fieldError(errors.sample_date?.message)}
            slotProps={{ htmlInput: { max: londonToday() }, inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('register.sampleTime')}
            type="time"
            required
            fullWidth
            {...form.register('sample_time')}
            error={Boolean(errors.sample_time)}
            helperText={fieldError(errors.sample_time?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Controller
          control={form.control}
          name="confirmed"
          render={({ field }) => (
            <FormControl error={Boolean(errors.confirmed)}>
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
                label={t('register.confirm')}
              />
              {errors.confirmed && <FormHelperText>{fieldError(errors.confirmed.message)}</FormHelperText>}
            </FormControl>
          )}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={register.isPending}>
            {t('register.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * /register-kit/{id} (public; the booking confirmation's 'Register your kit' and /activate-kit lead
 * here): each person of a self-swab appointment registers the kit they used. Opened with the order's
 * reference as ?short_token= (sent in x-short-token only), or by its signed-in owner.
 */
export function RegisterKitPage() {
  const { t } = useTranslation('kits');
  const messageText = useMessageText();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const shortToken = params.get('short_token') ?? '';
  const registration = useKitRegistration(id, shortToken);
  return (
    <Container maxWidth="sm" component="main" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography component="h1" variant="h4">
            {t('register.title')}
          </Typography>
          {registration.isError ? (
            <Alert severity="error">{messageText(KIT_REGISTRATION_MSG.loadFailed)}</Alert>
          ) : !registration.data ? (
            <PageLoader />
          ) : (
            <>
              <Typography>{t('register.intro')}</Typography>
              <KitForm appointmentId={id} shortToken={shortToken} people={registration.data.people} />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
