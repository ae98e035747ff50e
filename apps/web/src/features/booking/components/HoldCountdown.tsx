import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useBookingTexts } from '../texts';
import { formatCountdown } from '../time';

/** The hold's mm:ss countdown (spec 2 §4.2). A timer role, not a live region: it must not chatter every second. */
export function HoldCountdown({ secondsLeft }: { secondsLeft: number }) {
  const texts = useBookingTexts();
  const [before, after] = texts.slots.heldFor.split('{time}');
  return (
    <Alert severity={secondsLeft <= 60 ? 'warning' : 'info'}>
      {before}
      <Box component="span" role="timer" aria-label={texts.slots.holdLabel} sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatCountdown(secondsLeft)}
      </Box>
      {after}
    </Alert>
  );
}
