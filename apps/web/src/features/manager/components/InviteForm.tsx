import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVITATIONS_MAX, parseEmailList, type InvitationResponse } from '@vireo/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { fill } from '../../patient';
import { useInvite } from '../api';
import { TEXT } from '../texts';

/** Invites one employee, or a pasted list, by e-mail; each gets a link to create their account. */
export function InviteForm() {
  const invite = useInvite();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<InvitationResponse['invitations'] | null>(null);

  const send = () => {
    setOutcomes(null);
    const { emails, invalid } = parseEmailList(text);
    if (invalid.length > 0) return setProblem(fill(TEXT.invite.invalid, { list: invalid.join(', ') }));
    if (emails.length === 0) return setProblem(TEXT.invite.none);
    if (emails.length > INVITATIONS_MAX) return setProblem(fill(TEXT.invite.tooMany, { max: String(INVITATIONS_MAX) }));
    setProblem(null);
    invite.mutate(emails, {
      onSuccess: (result) => {
        setOutcomes(result);
        setText('');
      },
      onError: (error) => setProblem(error instanceof ApiError ? error.message : TEXT.invite.error),
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
        label={TEXT.invite.label}
        multiline
        minRows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? TEXT.invite.hint}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={invite.isPending}>
          {TEXT.invite.send}
        </Button>
      </div>
      {outcomes && (
        <Alert severity="success" role="status">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {outcomes.map((outcome) => (
              <li key={outcome.email}>
                {outcome.email}: {TEXT.invite.outcomes[outcome.outcome]}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}
