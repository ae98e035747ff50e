import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useOrderBookingTexts } from '../texts';

/** A step's Back (when there is a step before) and its forward action. */
export function StepActions({ onBack, children }: { onBack?: (() => void) | undefined; children: ReactNode }) {
  const { t } = useOrderBookingTexts();
  return (
    <Stack direction="row" spacing={2}>
      {onBack && <Button onClick={onBack}>{t('actions.back')}</Button>}
      {children}
    </Stack>
  );
}

export function NextButton({ onClick, loading = false, label }: { onClick: () => void; loading?: boolean; label?: string }) {
  const { t } = useOrderBookingTexts();
  return (
    <Button variant="contained" loading={loading} onClick={onClick}>
      {label ?? t('actions.next')}
    </Button>
  );
}
