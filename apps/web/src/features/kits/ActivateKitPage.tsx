import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ActivateKitRequest, KIT_ID_MAX, SHORT_TOKEN_LENGTH, registerKitPath } from '@vireo/contracts';
import { useState, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { useActivateKit } from './api';

const blockPaste = (event: ClipboardEvent) => event.preventDefault();

/**
 * /activate-kit (public): the kit ID on the kit and the order's reference (its short token, from the
 * order e-mail) open the order's self-swab appointment at /register-kit/{id}.
 */
export function ActivateKitPage() {
  const { t } = useTranslation('kits');
  const messageText = useMessageText();
  const navigate = useNavigate();
  const activate = useActivateKit();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<{ kit_id: string; short_token: string }>({ resolver: zodResolver(ActivateKitRequest), defaultValues: { kit_id: '', short_token: '' } });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => (message ? messageText(message) : undefined);
  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    activate.mutate(values, {
      onSuccess: (answer) => void navigate(`${registerKitPath(answer.appointment_id)}?${new URLSearchParams({ short_token: values.short_token })}`),
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, ['kit_id', 'short_token'])) setRefusal(error.message);
      },
    });
  });
  return (
    <Container maxWidth="sm" component="main" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography component="h1" variant="h4">
            {t('activate.title')}
          </Typography>
          <Typography>{t('activate.intro')}</Typography>
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('activate.title')}>
            <Stack spacing={2}>
              {refusal && <Alert severity="error">{messageText(refusal)}</Alert>}
              <TextField
                label={t('activate.kitId')}
                required
                {...form.register('kit_id')}
                onChange={(event) => form.setValue('kit_id', event.target.value.toUpperCase(), { shouldValidate: form.formState.isSubmitted })}
                onPaste={blockPaste}
                error={Boolean(errors.kit_id)}
                helperText={fieldError(errors.kit_id?.message)}
                slotProps={{ htmlInput: { maxLength: KIT_ID_MAX, autoCapitalize: 'characters', spellCheck: false } }}
                autoComplete="off"
              />
              <TextField
                label={t('activate.shortToken')}
                required
                {...form.register('short_token')}
                error={Boolean(errors.short_token)}
                helperText={fieldError(errors.short_token?.message)}
                slotProps={{ htmlInput: { maxLength: SHORT_TOKEN_LENGTH * 2, autoCapitalize: 'characters', spellCheck: false } }}
                autoComplete="off"
              />
              <Stack direction="row">
                <Button type="submit" variant="contained" disabled={activate.isPending}>
                  {t('activate.submit')}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
