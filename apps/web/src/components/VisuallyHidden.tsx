import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only. Sizes are pixel strings on purpose: in MUI's `sx` a bare `1` means
 * 100%, which once made a hidden table header as wide as the page.
 */
const HIDDEN = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={HIDDEN}>
      {children}
    </Box>
  );
}
