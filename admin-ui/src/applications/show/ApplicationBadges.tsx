import { Chip, Stack } from '@mui/material';
import type { ApplicationRecord } from '../types';

/** Completed or In Progress; Team Leader Applicant or not; Financial Aid Applicant or not; a team leader's experience to check. */
export function ApplicationBadges({ record }: { record: ApplicationRecord }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Badges">
      <Chip size="small" color={record.completed ? 'success' : 'warning'} label={record.completed ? 'Completed' : 'In Progress'} />
      <Chip
        size="small"
        color={record.teamLeader ? 'primary' : 'default'}
        variant={record.teamLeader ? 'filled' : 'outlined'}
        label={record.teamLeader ? 'Team Leader Applicant' : 'Not a Team Leader Applicant'}
      />
      <Chip
        size="small"
        color={record.financialAid ? 'secondary' : 'default'}
        variant={record.financialAid ? 'filled' : 'outlined'}
        label={record.financialAid ? 'Financial Aid Applicant' : 'No Financial Aid'}
      />
      <Chip size="small" variant="outlined" label={`Status: ${record.status}`} />
      {record.teamLeader && record.teamLeaderCheck?.flagged && <Chip size="small" color="warning" label="TL experience declared only" />}
      {record.teamLeader && record.teamLeaderCheck && !record.teamLeaderCheck.eligible && (
        <Chip size="small" color="error" label="No prior SV experience" />
      )}
    </Stack>
  );
}
