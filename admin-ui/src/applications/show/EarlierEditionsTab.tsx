import { Alert, Box, Typography } from '@mui/material';
import type { EditionHistoryRow, TeamLeaderEligibility } from '@svp/domain';
import { Details, Section } from '../../common/Details';
import { hours } from '../../records/format';
import type { ApplicationRecord } from '../types';
import { earlierEditionsOf } from './editionHistory';

const SERVED_AS: Record<NonNullable<EditionHistoryRow['servedAs']>, string> = { SV: 'Student volunteer', TL: 'Team leader' };

/** What the portal knows of a team-leader applicant's prior SV experience: only what needs checking is loud. */
export function TeamLeaderCheck({ check }: { check: TeamLeaderEligibility }) {
  if (!check.eligible) return <Alert severity="error">Not eligible to lead a team: {check.reason}</Alert>;
  if (check.flagged) return <Alert severity="warning">TL experience declared only: {check.reason}</Alert>;
  return <Alert severity="success">TL experience on record: a confirmed place in an earlier edition of this portal.</Alert>;
}

function EarlierEdition({ row }: { row: EditionHistoryRow }) {
  return (
    <Section title={row.name}>
      <Details
        label={`${row.name}: the record`}
        items={[
          ['Status', row.status ?? 'No application that year'],
          ['Served as', row.servedAs ? SERVED_AS[row.servedAs] : 'Not confirmed'],
          ['Hours worked', hours(row.hoursWorked)],
          ['Average rating', row.averageRating === null ? 'Not rated' : `${hours(row.averageRating)} of 5`],
          ['No-shows', row.noShows],
        ]}
      />
      <Typography component="h4" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Team leaders’ notes
      </Typography>
      {row.notes.length === 0 ? (
        <Typography variant="body2">None.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {row.notes.map((note, index) => (
            <Typography
              component="li"
              variant="body2"
              key={`${note.shiftLabel}-${index}`}
              sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              <strong>{note.shiftLabel}:</strong> {note.note}
            </Typography>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The person's other editions on this portal, newest first, and for a team-leader applicant the check of their experience. */
export function EarlierEditionsTab({ record }: { record: ApplicationRecord }) {
  const editions = earlierEditionsOf(record);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {record.teamLeader && record.teamLeaderCheck && <TeamLeaderCheck check={record.teamLeaderCheck} />}
      {editions.length === 0 ? (
        <Typography color="text.secondary">No earlier edition on record.</Typography>
      ) : (
        <div>
          {editions.map((row) => (
            <EarlierEdition key={row.editionId} row={row} />
          ))}
        </div>
      )}
    </Box>
  );
}
