import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CERTIFICATE_MSG, kitIdComplete, normaliseKitId } from '@vireo/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { useMessageText } from '../../../lib/messageText';
import { useApprovedKits, useUpdateBookingUser } from '../api';
import type { StepProps } from '../AppointmentPanel';
import { INVALID_SAMPLE_REASONS, type SampleTaken } from '../certificate';
import { KitIdField, KitProviderField, LotIdField } from './KitFields';

const SAMPLES: readonly SampleTaken[] = ['valid', 'invalid', 'rejected'];

/**
 * Sample and kit ID (spec 2 §4.3, §5): the kit provider from the approved kits, the lot ID when the
 * kit's lots are tracked, the kit ID typed or scanned, and whether the sample was taken — valid,
 * invalid (with its reason) or rejected; once the customer is marked not there, only rejected.
 * Sent through PUT booking-users: 'Result sent successfully', or 'Failed' with the server's reason.
 */
export function SampleKitStep({ appointment, person, progress, update, next, call }: StepProps) {
  const { t } = useTranslation('call-panel');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const kits = useApprovedKits().data ?? [];
  const save = useUpdateBookingUser(appointment.id);
  const meta = person.metadata;
  const [kitName, setKitName] = useState(typeof meta.kit_provider === 'string' ? meta.kit_provider : '');
  const [lotId, setLotId] = useState(typeof meta.lot_id === 'string' ? meta.lot_id : '');
  const [kitId, setKitId] = useState(typeof meta.kit_id === 'string' ? meta.kit_id : (person.kit_id ?? ''));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sampleLabel = useId();
  const kit = kits.find((k) => k.name === kitName);
  const offered = progress.notThere ? (['rejected'] as const) : SAMPLES;
  const sample = progress.sampleTaken && offered.includes(progress.sampleTaken) ? progress.sampleTaken : null;
  const rejected = sample === 'rejected';

  const errors = {
    sample: sample ? undefined : t('kit.selectSample'),
    invalidReason: sample === 'invalid' && !progress.invalidReason ? t('kit.selectInvalidReason') : undefined,
    kit: rejected || kit ? undefined : t('kit.selectProvider'),
    lot: rejected || !kit?.lot_tracking || lotId ? undefined : messageText(CERTIFICATE_MSG.lotId),
    kitId: rejected || kitIdComplete(kitId) ? undefined : messageText(CERTIFICATE_MSG.kitId),
  };
  const invalid = Object.values(errors).some(Boolean);
  const shown: Partial<typeof errors> = attempted ? errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (invalid || !sample) return;
    setFailure(null);
    const metadata = {
      sample_taken: sample,
      date_sampled: new Date().toISOString(),
      ...(rejected || !kit ? {} : { kit_provider: kit.name, kit_id: normaliseKitId(kitId), ...(kit.lot_tracking ? { lot_id: lotId } : {}) }),
    };
    save.mutate(
      { userId: person.id, change: { metadata } },
      {
        onSuccess: () => {
          showToast(t('kit.sent'), 'success');
          update({ kitId: kit?.id ?? null });
          next();
        },
        onError: (error) => {
          showToast(t('failed'), 'error');
          setFailure(messageText(error.message));
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      <FormControl error={Boolean(shown.sample)}>
        <FormLabel id={sampleLabel}>{t('kit.sampleTaken')}</FormLabel>
        <RadioGroup aria-labelledby={sampleLabel} row value={sample ?? ''} onChange={(event) => update({ sampleTaken: event.target.value as SampleTaken })}>
          {offered.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`kit.samples.${value}`)} />
          ))}
        </RadioGroup>
        {shown.sample && <FormHelperText>{shown.sample}</FormHelperText>}
      </FormControl>
      {sample === 'invalid' && (
        <TextField
          select
          size="small"
          label={t('kit.invalidReason')}
          value={progress.invalidReason}
          onChange={(event) => update({ invalidReason: event.target.value })}
          error={Boolean(shown.invalidReason)}
          helperText={shown.invalidReason}
        >
          {INVALID_SAMPLE_REASONS.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {t(`kit.invalidReasons.${reason}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!rejected && (
        <>
          <KitProviderField kits={kits} value={kitName} onChange={setKitName} error={shown.kit} />
          {kit?.lot_tracking && <LotIdField kit={kit} value={lotId} onChange={setLotId} error={shown.lot} />}
          <KitIdField value={kitId} onChange={setKitId} error={shown.kitId} scan={call?.remoteStream ? call.scan : undefined} />
        </>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={save.isPending || (attempted && invalid)} sx={{ alignSelf: 'flex-start' }}>
        {t('kit.send')}
      </Button>
    </Stack>
  );
}
