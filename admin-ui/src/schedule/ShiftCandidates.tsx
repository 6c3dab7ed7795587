import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { HiddenHeaderCell } from '../common/visuallyHidden';
import { formatHours } from '../builder/figures';
import type { AdminDataProvider } from '../dataProvider';
import type { PersonFit } from '@svp/domain';
import type { ShiftCandidate, ShiftRow } from './types';
import { scrollX } from '../common/ScrollBox';
import { ExceptionDialog } from './ExceptionDialog';
import { shiftLabel } from './labels';
import { ShiftPeople } from './ShiftPeople';

const hoursNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const places = (count: number) => `${count} free ${count === 1 ? 'place' : 'places'}`;

/**
 * The shift edit page's 'Fill this shift': who fits every hard rule now, best first, each one click from
 * assigned; then everyone with the first rule that keeps them off, and the way to an exception.
 */
export function ShiftCandidates() {
  const shift = useRecordContext<ShiftRow>();
  return shift ? <CandidatesOf shift={shift} /> : null;
}

function CandidatesOf({ shift }: { shift: ShiftRow }) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const query = useAdminQuery((provider) => provider.shiftCandidates(shift.id), `shift-candidates-${shift.id}`);
  const [assigning, setAssigning] = useState<number | null>(null);
  const [excepting, setExcepting] = useState<PersonFit | null>(null);

  const assign = async (candidate: Pick<ShiftCandidate, 'volunteerId' | 'name'>) => {
    setAssigning(candidate.volunteerId);
    try {
      await api.create('shift-assignments', { data: { shiftId: shift.id, volunteerId: candidate.volunteerId } });
      notify(`${candidate.name} is assigned to this shift.`, { type: 'success' });
    } catch (error) {
      // 409: a rule the assignment would break now (a shift taken meanwhile, a full shift); the list is read again.
      notify(error instanceof Error ? error.message : 'The assignment was refused.', { type: 'error' });
    } finally {
      setAssigning(null);
      query.refetch();
      refresh();
    }
  };
  const makeException = async (reason: string) => {
    const person = excepting!;
    await api.create('shift-assignments', { data: { shiftId: shift.id, volunteerId: person.volunteerId, exceptionReason: reason } });
    setExcepting(null);
    notify(`${person.name} is assigned to this shift as an exception.`, { type: 'success' });
    query.refetch();
    refresh();
  };

  const answer = query.data;
  return (
    <Box component="section" aria-labelledby="shift-candidates" sx={{ px: 2, pb: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="shift-candidates" variant="h6" component="h2">
        Fill this shift
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {answer
            ? answer.free === 0
              ? 'This shift is full.'
              : `${places(answer.free)}. Volunteers who fit every rule now (availability, rest, daily maximum, overlaps, what the ` +
                `shift requires), best first.`
            : 'Volunteers who fit every rule now, best first.'}
        </Typography>
        <LastUpdated at={query.loadedAt} onRefresh={query.refetch} refreshing={query.isPending} />
      </Box>
      {!answer ? (
        query.error ? (
          // A shift volunteers do not fill (a placeholder venue) has no candidates; the reason is said here, not as an alarm.
          <Typography>{query.error.message}</Typography>
        ) : (
          <LoadingText>Finding who fits...</LoadingText>
        )
      ) : answer.free === 0 ? null : answer.candidates.length === 0 ? (
        <Typography>No volunteer fits every rule for this shift now: the list below says why for each person.</Typography>
      ) : (
        <Box sx={scrollX}>
          <Table size="small" aria-label="Candidates">
            <TableHead>
              <TableRow>
                <TableCell align="right">Rank</TableCell>
                <TableCell>Volunteer</TableCell>
                <TableCell align="right">Hours</TableCell>
                <TableCell>Venue</TableCell>
                <HiddenHeaderCell>Action</HiddenHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.candidates.map((candidate, index) => (
                <TableRow key={candidate.volunteerId}>
                  <TableCell align="right">{index + 1}</TableCell>
                  <TableCell>
                    {candidate.name}
                    {candidate.teamLeader && <Chip size="small" label="TL" sx={{ ml: 1 }} />}
                    <Typography variant="caption" component="div" color="text.secondary">
                      SV ID {candidate.svid}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {hoursNumber.format(candidate.hours)} of {formatHours(candidate.expected)}
                  </TableCell>
                  <TableCell>{candidate.prefersVenue ? <Chip size="small" color="success" label="Preferred" /> : '—'}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<PersonAddIcon />}
                      onClick={() => void assign(candidate)}
                      disabled={assigning !== null}
                      aria-label={`Assign ${candidate.name}`}
                    >
                      {assigning === candidate.volunteerId ? 'Assigning...' : 'Assign'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {answer && (
        <ShiftPeople
          people={answer.people}
          free={answer.free}
          ranked={new Set(answer.candidates.map((c) => c.volunteerId))}
          busy={assigning}
          onAssign={(person) => void assign(person)}
          onException={setExcepting}
        />
      )}
      <ExceptionDialog
        request={excepting && { what: `${excepting.name} to ${shiftLabel(shift)}`, why: excepting.reason ?? '' }}
        onConfirm={makeException}
        onClose={() => setExcepting(null)}
      />
    </Box>
  );
}
