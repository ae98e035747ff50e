import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useBookingTexts } from '../texts';
import { formatCountdown } from '../time';

/** Where the countdown goes in the sentence. */
const TIME = '\u2060';

/** The hold's mm:ss countdown (spec 2 §4.2). A timer role, not a live region: it must not chatter every second. */
export function HoldCountdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useBookingTexts();
  const [before, after] = t('slots.heldFor', { time: TIME }).split(TIME);
  return (
    <Alert severity={secondsLeft <= 60 ? 'warning' : 'info'}>
      {before}
      <Box component="span" role="timer" aria-label={t('slots.holdLabel')} sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatCountdown(secondsLeft)}
      </Box>
      {after}
    </Alert>
  );
}
