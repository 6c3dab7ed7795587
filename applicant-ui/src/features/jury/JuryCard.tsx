import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { JURY_PATH } from '../../components/navigation';
import { DashboardCard } from '../dashboard/DashboardLayout';
import { isScored } from './juryItems';
import { formatJuryDeadline } from './juryDates';
import { useJuryAssignments } from './useJuryAssignments';

function Figure({ label, children }: { label: string; children: string | number }) {
  return (
    <Box>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 'bold' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The team leader's jury card: the deadline, how many are assigned and scored, and the way to the list. */
export function JuryCard({ juryDeadline }: { /** ISO instant of the jury deadline. */ juryDeadline: string }) {
  const { items, loading, failed, closed, retry } = useJuryAssignments();
  const actions = (
    <>
      <Button variant="contained" component={RouterLink} to={JURY_PATH}>
        View Applications
      </Button>
      {failed && (
        <Button variant="outlined" onClick={retry}>
          Try again
        </Button>
      )}
    </>
  );
  return (
    <DashboardCard title="Jury" actions={actions} data-testid="jury-card">
      <Typography sx={{ mb: 2 }}>Score the applications assigned to you before the jury deadline.</Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0 }}>
        <Figure label="Deadline">{formatJuryDeadline(juryDeadline)}</Figure>
        {items && (
          <>
            <Figure label="Assigned">{items.length}</Figure>
            <Figure label="Scored">{items.filter(isScored).length}</Figure>
          </>
        )}
      </Box>
      {loading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Loading your assignments...</Typography>
        </Box>
      )}
      {failed && <Typography sx={{ mt: 2 }}>Your assignments could not be loaded right now.</Typography>}
      {/* The server's clock may pass the deadline before the page's does. */}
      {closed && <Typography sx={{ mt: 2 }}>{closed}</Typography>}
    </DashboardCard>
  );
}
