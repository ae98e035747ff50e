import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table inside a card that becomes stacked rows on a phone (below `sm`): each row a block, each
 * cell a line led by its column's name (the cell's `data-label`), so every value and action shows
 * without scrolling sideways. From `sm` up it is the table it always was.
 */
export const stackedOnPhone: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 },
    '& td': { display: 'block', border: 0, py: 0.5, px: 0 },
    '& td[data-label]::before': { content: 'attr(data-label) ": "', fontWeight: 500 },
  },
});
