import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One part of the order drawer: a region named by its heading. */
export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} component="h3" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
