import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: { primary: { main: '#0b5394' }, secondary: { main: '#6a1b9a' } },
  typography: { h1: { fontSize: '2.25rem' }, h2: { fontSize: '1.75rem' }, h3: { fontSize: '1.4rem' } },
  components: {
    // MUI's track is a light tint of the bar's own colour, so an empty bar looks like a full one: a grey track reads as empty,
    // and at 0 no sliver of the bar shows at the rounded edge.
    MuiLinearProgress: {
      styleOverrides: {
        root: ({ theme }) => ({ backgroundColor: theme.palette.grey[300] }),
        bar1: ({ ownerState }) => (ownerState.variant === 'determinate' && ownerState.value === 0 ? { visibility: 'hidden' } : {}),
      },
    },
  },
});
