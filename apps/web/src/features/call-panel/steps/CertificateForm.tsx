import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_SEXES, REJECTION_REASONS, TEST_RESULTS } from '@vireo/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useMessageText } from '../../../lib/messageText';
import { useApprovedKits, useUpdateBookingUser } from '../api';
import type { StepProps } from '../AppointmentPanel';
import {
  certificateErrors,
  certificateSubmission,
  formFieldErrors,
  initialCertificateValues,
  type CertificateErrors,
  type CertificateField,
  type CertificateValues,
} from '../certificate';
import { KitIdField, KitProviderField, LotIdField } from './KitFields';
import { PhotoPanel } from './PhotoPanel';


/**
 * The certificate form (spec 2 §2.4, §5): every field with its message as the spec words it, shown
 * once the field was left or Submit pressed, and Submit blocked while any field has an error; the
 * capture-photo prompt and the 'done by alternative video platform' option while no photo exists.
 * Submitted through PUT booking-users as `{ certificate }` (contracts' CertificateSubmission); a failure shows
 * the server's message and its per-field errors. A reissue opens the form again for a person whose
 * certificate was generated.
 */
export function CertificateForm({ appointment, person, progress, update, call, reissue, onGenerated }: StepProps & { reissue: boolean; onGenerated(): void }) {
  const { t } = useTranslation('call-panel');
  const messageText = useMessageText();
  const kits = useApprovedKits().data ?? [];
  const save = useUpdateBookingUser(appointment.id);
  const headingId = useId();
  const [values, setValues] = useState<CertificateValues>(() => {
    const initial = initialCertificateValues(person);
    return {
      ...initial,
      result: reissue ? initial.result : progress.notThere ? 'Rejected' : initial.result,
      rejection_reason: progress.notThere ? 'Client not there' : '',
      kit_provider: initial.kit_provider || (kits.find((k) => k.id === progress.kitId)?.name ?? ''),
    };
  });
  const [touched, setTouched] = useState<ReadonlySet<CertificateField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<CertificateErrors>({});
  const kit = kits.find((k) => k.name === values.kit_provider);
  const errors = certificateErrors(values, { lotTracking: Boolean(kit?.lot_tracking), hasPhoto: progress.hasPhoto });
  const invalid = Object.keys(errors).length > 0;

  const shown = (field: CertificateField): string | undefined => {
    const message = serverErrors[field] ?? (attempted || touched.has(field) ? errors[field] : undefined);
    return message && messageText(message);
  };
  const set = <K extends keyof CertificateValues>(field: K, value: CertificateValues[K]) => {
    setValues((was) => ({ ...was, [field]: value }));
    setServerErrors((was) => ({ ...was, [field]: undefined }));
  };
  const leave = (field: CertificateField) => () => setTouched((was) => new Set(was).add(field));
  const text = (field: 'first_name' | 'last_name' | 'email' | 'date_of_birth' | 'passport_number', label: string, extra: { maxLength: number; inputMode?: 'email' | 'numeric' }) => (
    <TextField
      size="small"
      label={label}
      required
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      onBlur={leave(field)}
      error={Boolean(shown(field))}
      helperText={shown(field) ?? ' '}
      slotProps={{ htmlInput: extra }}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (invalid) return;
    setFailure(null);
    const certificate = certificateSubmission(values, { invalidReason: progress.invalidReason, securityDocument: progress.securityDocument });
    // The promise, not mutate's own callbacks: the live push of this very change may show the next person, and so
    // unmount this form, before the answer arrives; mutate's callbacks would then never run, and the panel would
    // never say the certificate was generated.
    save.mutateAsync({ userId: person.id, change: { certificate } }).then(
      () => onGenerated(),
      (error: Error) => {
        setFailure(messageText(error.message));
        setServerErrors(error instanceof ApiError ? formFieldErrors(error.errors) : {});
      },
    );
  };

  const rejected = values.result === 'Rejected';
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit} aria-labelledby={headingId}>
      <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 600 }}>
        {t('certificate.heading', { name: `${person.first_name} ${person.last_name}` })}
      </Typography>
      {text('first_name', t('certificate.firstName'), { maxLength: 100 })}
      {text('last_name', t('certificate.lastName'), { maxLength: 100 })}
      {text('email', t('certificate.email'), { maxLength: 254, inputMode: 'email' })}
      {text('date_of_birth', t('certificate.dateOfBirth'), { maxLength: 10, inputMode: 'numeric' })}
      <TextField
        select
        size="small"
        required
        label={t('certificate.sex')}
        value={values.sex}
        onChange={(event) => set('sex', event.target.value as CertificateValues['sex'])}
        onBlur={leave('sex')}
        error={Boolean(shown('sex'))}
        helperText={shown('sex') ?? ' '}
      >
        {CERTIFICATE_SEXES.map((sex) => (
          <MenuItem key={sex} value={sex}>
            {t(`certificate.sexes.${sex}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('passport_number', t('certificate.passportNumber'), { maxLength: 40 })}
      <FormControl error={Boolean(shown('security_checked'))}>
        <FormControlLabel control={<Checkbox checked={values.security_checked} onChange={(event) => set('security_checked', event.target.checked)} />} label={t('certificate.securityChecked')} />
        {shown('security_checked') && <FormHelperText>{shown('security_checked')}</FormHelperText>}
      </FormControl>
      <TextField size="small" label={t('certificate.reference')} value={appointment.provider_booking_reference ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
      <KitProviderField kits={kits} value={values.kit_provider} onChange={(name) => set('kit_provider', name)} error={shown('kit_provider')} />
      {kit?.lot_tracking && !rejected && (
        <>
          <LotIdField kit={kit} value={values.lot_id} onChange={(lot) => set('lot_id', lot)} error={shown('lot_id')} />
          <KitIdField value={values.kit_id} onChange={(kitId) => set('kit_id', kitId)} error={shown('kit_id')} scan={call?.remoteStream ? call.scan : undefined} />
        </>
      )}
      <TextField
        select
        size="small"
        required
        label={t('certificate.result')}
        value={values.result}
        onChange={(event) => set('result', event.target.value as CertificateValues['result'])}
        onBlur={leave('result')}
        error={Boolean(shown('result'))}
        helperText={shown('result') ?? ' '}
      >
        {TEST_RESULTS.filter((result) => !progress.notThere || result === 'Rejected').map((result) => (
          <MenuItem key={result} value={result}>
            {t(`certificate.results.${result}`)}
          </MenuItem>
        ))}
      </TextField>
      {rejected && (
        <TextField
          select
          size="small"
          required
          label={t('certificate.rejectionReason')}
          value={values.rejection_reason}
          onChange={(event) => set('rejection_reason', event.target.value as CertificateValues['rejection_reason'])}
          onBlur={leave('rejection_reason')}
          error={Boolean(shown('rejection_reason'))}
          helperText={shown('rejection_reason') ?? ' '}
        >
          {REJECTION_REASONS.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {t(`certificate.reasons.${reason}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('certificate.notes')}
        value={values.notes}
        onChange={(event) => set('notes', event.target.value)}
        onBlur={leave('notes')}
        error={Boolean(shown('notes'))}
        helperText={shown('notes') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {!progress.hasPhoto && (
        <Stack spacing={1}>
          <Alert severity={shown('photo') ? 'error' : 'info'}>{shown('photo') ?? (call?.remoteStream ? t('photo.prompt') : t('photo.noVideo'))}</Alert>
          {call?.remoteStream && <PhotoPanel appointmentId={appointment.id} bookingUserId={person.id} stream={call.remoteStream} onUploaded={() => update({ hasPhoto: true })} />}
          <FormControlLabel control={<Checkbox checked={values.alternative_video} onChange={(event) => set('alternative_video', event.target.checked)} />} label={t('certificate.alternativeVideo')} />
        </Stack>
      )}
      {progress.hasPhoto && <Alert severity="success">{t('photo.uploaded')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {attempted && invalid && <FormHelperText error>{t('certificate.fixErrors')}</FormHelperText>}
      <Button type="submit" variant="contained" disabled={save.isPending || (attempted && invalid)} sx={{ alignSelf: 'flex-start' }}>
        {t('certificate.submit')}
      </Button>
    </Stack>
  );
}
