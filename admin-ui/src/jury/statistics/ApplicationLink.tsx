import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ApplicantName } from '../useApplicationNames';

/** The applicant's name (or 'Application {id}' until it is known), opening the application. */
export function ApplicationLink({ applicationId, names }: { applicationId: number; names: Map<number, ApplicantName> }) {
  const known = names.get(applicationId);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }}>
      <Link component={RouterLink} to={`/applications/${applicationId}/show`} sx={{ overflowWrap: 'anywhere' }}>
        {known?.name || `Application ${applicationId}`}
      </Link>
      {known && (
        <Typography component="span" variant="caption" color="text.secondary">
          Application {applicationId}
          {known.svid ? ` · SV ID ${known.svid}` : ''}
        </Typography>
      )}
    </Box>
  );
}
