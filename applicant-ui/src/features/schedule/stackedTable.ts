import type { Theme } from '@mui/material';

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * A table's `sx`: below md it turns into one card per row, each cell labelled by its `data-label`,
 * so a phone never scrolls sideways.
 */
export const stackedOnSmallScreens = (theme: Theme) => ({
  width: '100%',
  '& tbody td, & tbody th': { verticalAlign: 'top', overflowWrap: 'anywhere' },
  [theme.breakpoints.down('md')]: {
    '& thead': visuallyHidden,
    '& tbody, & tr, & tbody td, & tbody th': { display: 'block', width: '100%', boxSizing: 'border-box' },
    '& tr': { border: 1, borderColor: 'divider', borderRadius: 1, mb: 2, p: 1 },
    '& tbody td, & tbody th': { border: 0, py: 0.5, px: 1 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontWeight: 'bold',
      fontSize: '0.75rem',
      color: 'text.secondary',
    },
  },
});
