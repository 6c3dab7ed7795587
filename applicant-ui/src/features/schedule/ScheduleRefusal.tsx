import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Why the server will not show a schedule or shift (e.g. not released yet), as a page with a way back rather than an error. */
export function ScheduleRefusal({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>{title}</AlertTitle>
        {message}
      </Alert>
      <Button variant="outlined" component={RouterLink} to={back.to}>
        {back.label}
      </Button>
    </Box>
  );
}
