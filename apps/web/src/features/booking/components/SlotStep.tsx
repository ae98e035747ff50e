import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useBookingTexts } from '../texts';
import { SlotPicker, type SlotPickerProps } from './SlotPicker';

export interface SlotStepProps extends SlotPickerProps {
  /** The previous hold ran out: say so above the calendar. */
  expired: boolean;
  onNext: () => void;
}

/** A booking wizard's first step: the slot calendar and Next, which needs a held slot. */
export function SlotStep({ expired, onNext, ...picker }: SlotStepProps) {
  const { t } = useBookingTexts();
  return (
    <Stack spacing={3}>
      {expired && <Alert severity="warning">{t('slots.holdExpired')}</Alert>}
      <SlotPicker {...picker} />
      <Stack direction="row">
        <Button variant="contained" disabled={!picker.hold.slot || picker.hold.pending} onClick={onNext}>
          {t('actions.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
