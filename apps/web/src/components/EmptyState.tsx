import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list or page shows when there is nothing yet: one sentence, and the way forward if there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box role="status" sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography sx={{ color: 'text.secondary' }}>{message}</Typography>
      {action}
    </Box>
  );
}
