import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVITATIONS_MAX, parseEmailList, type InvitationResponse } from '@vireo/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useInvite } from '../api';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/messageText';

/** Invites one employee, or a pasted list, by e-mail; each gets a link to create their account. */
export function InviteForm() {
  const { t } = useTranslation('manager');
  const invite = useInvite();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const messageText = useMessageText();
  const [outcomes, setOutcomes] = useState<InvitationResponse['invitations'] | null>(null);

  const send = () => {
    setOutcomes(null);
    const { emails, invalid } = parseEmailList(text);
    if (invalid.length > 0) return setProblem(t('invite.invalid', { list: invalid.join(', ') }));
    if (emails.length === 0) return setProblem(t('invite.none'));
    if (emails.length > INVITATIONS_MAX) return setProblem(t('invite.tooMany', { max: String(INVITATIONS_MAX) }));
    setProblem(null);
    invite.mutate(emails, {
      onSuccess: (result) => {
        setOutcomes(result);
        setText('');
      },
      onError: (error) => setProblem(error instanceof ApiError ? messageText(error.message) : t('invite.error')),
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        label={t('invite.label')}
        multiline
        minRows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? t('invite.hint')}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={invite.isPending}>
          {t('invite.send')}
        </Button>
      </div>
      {outcomes && (
        <Alert severity="success" role="status">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {outcomes.map((outcome) => (
              <li key={outcome.email}>
                {outcome.email}: {t(`invite.outcomes.${outcome.outcome}`)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}
