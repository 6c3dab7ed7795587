import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: { primary: { main: '#0b5394' }, secondary: { main: '#6a1b9a' } },
  typography: { h1: { fontSize: '2.25rem' }, h2: { fontSize: '1.75rem' }, h3: { fontSize: '1.4rem' } },
});
