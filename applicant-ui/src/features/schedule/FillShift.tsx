import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { ShiftCandidate, ShiftCandidates, ShiftProposal, ShiftProposalStatus } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { LoadingText } from '../application/LoadingText';
import { formatDateTime } from '../home/dateText';
import { LoadFailed } from './LoadFailed';
import { WhyNotList } from './WhyNotList';

export const PROPOSAL_STATUS_TEXT: Record<ShiftProposalStatus, string> = {
  open: 'Proposed — waiting for the organisers',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const proposedMessage = (name: string) => `${name} is proposed for this shift. The organisers will accept or decline the proposal.`;

const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);
const placesText = (free: number) => (free === 1 ? '1 place is free' : `${free} places are free`);

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; candidates: ShiftCandidates; proposals: ShiftProposal[] };

/**
 * 'Fill this shift', for a team leader on a shift of their venue with free places: the volunteers
 * who fit every hard rule now, best first, each to be proposed to the organisers in one click,
 * everyone else with the rule that keeps them off, and the proposals already made with what became of them.
 */
export function FillShift({ shiftId }: { shiftId: number }) {
  const { showError, showMessage, clearAll } = useAlerts();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [proposing, setProposing] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    setLoad({ state: 'loading' });
    Promise.all([endpoints.shiftCandidates(shiftId), endpoints.shiftProposals(shiftId)]).then(
      ([candidates, proposals]) => active && setLoad({ state: 'loaded', candidates, proposals }),
      (error: unknown) => {
        if (!active) return;
        setLoad({ state: 'failed' });
        showError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [shiftId, attempt, showError]);

  const propose = async (candidate: ShiftCandidate) => {
    clearAll();
    setProposing(candidate.volunteerId);
    try {
      const proposal = await endpoints.proposeForShift(shiftId, candidate.volunteerId);
      // Newest first, as the server lists them.
      setLoad((current) =>
        current.state === 'loaded'
          ? { ...current, proposals: [proposal, ...current.proposals.filter((p) => p.id !== proposal.id)] }
          : current,
      );
      showMessage(proposedMessage(candidate.name));
    } catch (error) {
      showError(error);
    } finally {
      setProposing(null);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="fill-shift-heading" sx={{ p: 2, mt: 4 }}>
      <Typography variant="h5" component="h2" id="fill-shift-heading" gutterBottom>
        Fill this shift
      </Typography>
      {load.state === 'loading' && <LoadingText text="Finding who could take this shift..." />}
      {load.state === 'failed' && <LoadFailed what="The volunteers who could take this shift" onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'loaded' && (
        <>
          <Typography sx={{ mb: 2 }}>
            {placesText(load.candidates.free)}. These volunteers fit every rule for this shift now, best first. Propose one and the
            organisers decide.
          </Typography>
          <Candidates
            candidates={load.candidates.candidates}
            proposed={new Set(load.proposals.filter((p) => p.status === 'open').map((p) => p.volunteerId))}
            proposing={proposing}
            onPropose={(candidate) => void propose(candidate)}
          />
          <WhyNotList people={load.candidates.people} />
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            Proposals for this shift
          </Typography>
          <Proposals proposals={load.proposals} />
        </>
      )}
    </Paper>
  );
}

function Candidates({
  candidates,
  proposed,
  proposing,
  onPropose,
}: {
  candidates: ShiftCandidate[];
  proposed: ReadonlySet<number>;
  proposing: number | null;
  onPropose: (candidate: ShiftCandidate) => void;
}) {
  if (!candidates.length) return <Typography>Nobody fits every rule for this shift right now.</Typography>;
  return (
    <Box component="ul" aria-label="Volunteers who could take this shift" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {candidates.map((candidate) => {
        const isProposed = proposed.has(candidate.volunteerId);
        const busy = proposing === candidate.volunteerId;
        return (
          <Box component="li" key={candidate.volunteerId} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{candidate.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  SV ID: {candidate.svid} · {hoursText(candidate.hours)} of {hoursText(candidate.expected)} hours
                </Typography>
                {(candidate.prefersVenue || candidate.teamLeader) && (
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    {candidate.prefersVenue && <Chip size="small" color="primary" variant="outlined" label="Prefers this venue" />}
                    {candidate.teamLeader && <Chip size="small" variant="outlined" label="Team Leader" />}
                  </Stack>
                )}
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <Button
                  variant="outlined"
                  disabled={isProposed || proposing !== null}
                  onClick={() => onPropose(candidate)}
                  aria-label={isProposed ? `${candidate.name} is proposed` : `Propose ${candidate.name}`}
                >
                  {isProposed ? 'Proposed' : busy ? 'Proposing...' : 'Propose'}
                </Button>
              </Box>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function Proposals({ proposals }: { proposals: ShiftProposal[] }) {
  if (!proposals.length) return <Typography>No proposals yet.</Typography>;
  return (
    <Box component="ul" aria-label="Proposals for this shift" sx={{ pl: 2.5, m: 0 }}>
      {proposals.map((proposal) => (
        <li key={proposal.id}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {proposal.volunteerName}
          </Typography>
          : {PROPOSAL_STATUS_TEXT[proposal.status]}
          <Typography variant="body2" color="text.secondary">
            Proposed by {proposal.proposedBy.name} on {formatDateTime(proposal.createdAt)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
