import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CERTIFICATE_MSG, SECURITY_DOCUMENTS } from '@vireo/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { useMessageText } from '../../../lib/messageText';
import { useUpdateBookingUser } from '../api';
import type { StepProps } from '../AppointmentPanel';

const ID_DOCUMENT_MIN_LENGTH = 5;

/**
 * ID verification (spec 2 §5): the security document shown (Passport, Driving Licence, National
 * Identification), its number and the Customer ID verified tick, saved through PUT booking-users; or
 * the customer-not-there tick, which skips the step and leaves only a rejection to record.
 */
export function IdStep({ appointment, person, progress, update, next }: StepProps) {
  const { t } = useTranslation('call-panel');
  const { showToast } = useToast();
  const messageText = useMessageText();
  const save = useUpdateBookingUser(appointment.id);
  const passport = person.metadata.passport_number;
  const [document, setDocument] = useState(progress.securityDocument);
  const [number, setNumber] = useState(typeof passport === 'string' ? passport : '');
  const [verified, setVerified] = useState(person.metadata.security_checked === true);
  const [attempted, setAttempted] = useState(false);
  const errors = {
    document: document ? undefined : t('id.selectDocument'),
    number: number.trim().length >= ID_DOCUMENT_MIN_LENGTH ? undefined : messageText(CERTIFICATE_MSG.passportNumber),
    verified: verified ? undefined : messageText(CERTIFICATE_MSG.securityChecked),
  };
  const invalid = Object.values(errors).some(Boolean);
  const shown: Partial<typeof errors> = attempted ? errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (progress.notThere) {
      next();
      return;
    }
    setAttempted(true);
    if (invalid) return;
    save.mutate(
      { userId: person.id, change: { metadata: { security_checked: true, passport_number: number.trim() } } },
      {
        onSuccess: () => {
          update({ securityDocument: document });
          next();
        },
        onError: () => showToast(t('failed'), 'error'),
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      <FormControlLabel
        control={<Checkbox checked={progress.notThere} onChange={(event) => update({ notThere: event.target.checked, ...(event.target.checked ? { sampleTaken: 'rejected' } : {}) })} />}
        label={t('id.notThere')}
      />
      {progress.notThere ? (
        <FormHelperText>{t('id.notThereHint')}</FormHelperText>
      ) : (
        <>
          <TextField select size="small" label={t('id.document')} value={document} onChange={(event) => setDocument(event.target.value as typeof document)} error={Boolean(shown.document)} helperText={shown.document}>
            {SECURITY_DOCUMENTS.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`id.documents.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('id.number')} value={number} onChange={(event) => setNumber(event.target.value)} error={Boolean(shown.number)} helperText={shown.number} slotProps={{ htmlInput: { maxLength: 40 } }} />
          <FormControl error={Boolean(shown.verified)}>
            <FormControlLabel control={<Checkbox checked={verified} onChange={(event) => setVerified(event.target.checked)} />} label={t('id.verified')} />
            {shown.verified && <FormHelperText>{shown.verified}</FormHelperText>}
          </FormControl>
        </>
      )}
      <Button type="submit" variant="contained" disabled={save.isPending || (attempted && invalid && !progress.notThere)} sx={{ alignSelf: 'flex-start' }}>
        {progress.notThere ? t('id.skip') : t('id.save')}
      </Button>
    </Stack>
  );
}
