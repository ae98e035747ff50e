import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DROP_OFF_DAYS_AHEAD,
  DropOffRequest,
  KIT_ID_MAX,
  LOGISTICS_MSG,
  SHORT_TOKEN_LENGTH,
  WEEKDAYS,
  hoursOn,
  type OpeningTime,
  type PublicDropbox,
  type Receipt,
} from '@vireo/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { PageLoader } from '../../components/PageLoader';
import { useActiveDropboxes, useDropOff } from './api';
import { londonDate } from './dates';
import { weekdayKey } from './paths';

function OpeningHours({ dropbox }: { dropbox: PublicDropbox }) {
  const { t } = useTranslation('logistics');
  const times = dropbox.opening_times as OpeningTime[];
  return (
    <Stack component="section" aria-label={t('dropOff.hours')} spacing={0.5}>
      <Typography variant="subtitle2">{t('dropOff.hours')}</Typography>
      <Stack component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25 }}>
        {WEEKDAYS.map((weekday) => {
          const hours = hoursOn(times, weekday);
          return [
            <Typography key={`d${weekday}`} component="dt" variant="body2">
              {t(weekdayKey(weekday))}
            </Typography>,
            <Typography key={`h${weekday}`} component="dd" variant="body2" sx={{ m: 0 }}>
              {hours ? `${hours.start_hour}–${hours.end_hour}` : t('dropOff.closedDay')}
            </Typography>,
          ];
        })}
      </Stack>
    </Stack>
  );
}

function ReceiptView({ receipt, onAnother }: { receipt: Receipt; onAnother: () => void }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const box = receipt.dropbox;
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        {messageText(LOGISTICS_MSG.droppedOff)}
      </Alert>
      <Typography component="h2" variant="h5">
        {t('dropOff.receipt')}
      </Typography>
      <Stack component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
        {(
          [
            [t('dropOff.receiptId'), receipt.id],
            [t('dropOff.shortToken'), receipt.short_token],
            [t('dropOff.kitId'), receipt.kit_id],
            [t('dropOff.dropbox'), [box.name, box.address_1, box.address_2, box.city, box.postcode].filter(Boolean).join(', ')],
            [t('dropOff.date'), receipt.expected_dropoff_date],
          ] as const
        ).map(([label, value]) => [
          <Typography key={`l-${label}`} component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>,
          <Typography key={`v-${label}`} component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>,
        ])}
      </Stack>
      <OpeningHours dropbox={box} />
      <Button variant="outlined" onClick={onAnother} sx={{ alignSelf: 'flex-start' }}>
        {t('dropOff.another')}
      </Button>
    </Stack>
  );
}

function DropOffForm({ dropboxes, onReceipt }: { dropboxes: PublicDropbox[]; onReceipt: (receipt: Receipt) => void }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const dropOff = useDropOff();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<DropOffRequest>({ resolver: zodResolver(DropOffRequest), defaultValues: { short_token: '', kit_id: '', dropbox_id: '', date: londonDate(0) } });
  const { errors } = form.formState;
  const chosenId = useWatch({ control: form.control, name: 'dropbox_id' });
  const chosen = dropboxes.find((box) => box.id === chosenId);
  const fieldError = (message: string | undefined) => (message ? messageText(message) : undefined);
  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    dropOff.mutate(values, {
      onSuccess: (answer) => onReceipt(answer.data),
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, ['short_token', 'kit_id', 'dropbox_id', 'date'])) setRefusal(error instanceof Error ? error.message : String(error));
      },
    });
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('dropOff.title')}>
      <Stack spacing={2}>
        {refusal && <Alert severity="error">{messageText(refusal)}</Alert>}
        <TextField
          label={t('dropOff.shortToken')}
          required
          {...form.register('short_token')}
          error={Boolean(errors.short_token)}
          helperText={fieldError(errors.short_token?.message)}
          slotProps={{ htmlInput: { maxLength: SHORT_TOKEN_LENGTH * 2, autoCapitalize: 'characters', spellCheck: false } }}
          autoComplete="off"
        />
        <TextField
          label={t('dropOff.kitId')}
          required
          {...form.register('kit_id')}
          error={Boolean(errors.kit_id)}
          helperText={fieldError(errors.kit_id?.message)}
          slotProps={{ htmlInput: { maxLength: KIT_ID_MAX, autoCapitalize: 'characters', spellCheck: false } }}
          autoComplete="off"
        />
        <Controller
          control={form.control}
          name="dropbox_id"
          render={({ field }) => (
            <TextField
              select
              label={t('dropOff.dropbox')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.dropbox_id)}
              helperText={fieldError(errors.dropbox_id?.message)}
            >
              {dropboxes.map((box) => (
                <MenuItem key={box.id} value={box.id}>
                  {`${box.name} — ${[box.address_1, box.city, box.postcode].filter(Boolean).join(', ')}`}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {chosen && <OpeningHours dropbox={chosen} />}
        <TextField
          label={t('dropOff.date')}
          type="date"
          required
          {...form.register('date')}
          error={Boolean(errors.date)}
          helperText={fieldError(errors.date?.message)}
          slotProps={{ htmlInput: { min: londonDate(0), max: londonDate(DROP_OFF_DAYS_AHEAD) }, inputLabel: { shrink: true } }}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={dropOff.isPending}>
            {t('dropOff.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * /drop-off (public; the dispatch e-mail links it): the customer names their order (its short
 * token), a kit ID the order dispatched, one of the active dropboxes with its opening times, and the
 * day they will leave the kit; the receipt is shown once the server has made it.
 */
export function DropOffPage() {
  const { t } = useTranslation(['logistics', 'common']);
  const dropboxes = useActiveDropboxes();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  return (
    <Container maxWidth="sm" component="main" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography component="h1" variant="h4">
            {t('dropOff.title')}
          </Typography>
          {receipt ? (
            <ReceiptView receipt={receipt} onAnother={() => setReceipt(null)} />
          ) : (
            <>
              <Typography>{t('dropOff.intro')}</Typography>
              {dropboxes.isError ? (
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" size="small" onClick={() => void dropboxes.refetch()}>
                      {t('common:errors.retry')}
                    </Button>
                  }
                >
                  {t('dropOff.error')}
                </Alert>
              ) : !dropboxes.data ? (
                <PageLoader />
              ) : dropboxes.data.length === 0 ? (
                <Alert severity="info">{t('dropOff.noDropboxes')}</Alert>
              ) : (
                <DropOffForm dropboxes={dropboxes.data} onReceipt={setReceipt} />
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
