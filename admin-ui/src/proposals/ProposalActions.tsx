import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { ExceptionDialog } from '../schedule/ExceptionDialog';
import { exceptableRefusal } from '../schedule/exceptions';
import type { ShiftProposalRow } from './types';

/**
 * Accept (assigns the volunteer, by the same rules as a manual assignment, judged now) or Decline an
 * open proposal; an acceptance refused for a rule that may be set aside asks for the reason of an exception.
 */
export function ProposalActions({ proposal }: { proposal: ShiftProposalRow }) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  if (proposal.status !== 'open') return null;

  const decide = async (decision: 'accept' | 'decline') => {
    setPending(decision);
    try {
      if (decision === 'accept') {
        await api.acceptShiftProposal(proposal.id);
        notify(`${proposal.volunteerName} is assigned to ${proposal.shiftLabel}.`, { type: 'success' });
      } else {
        await api.declineShiftProposal(proposal.id);
        notify(`Declined: ${proposal.volunteerName} for ${proposal.shiftLabel}.`, { type: 'info' });
      }
    } catch (error) {
      // 409: the rule the assignment would break, or a proposal decided meanwhile; the refreshed row shows which.
      const refusal = exceptableRefusal(error);
      if (refusal) setRefused(refusal.message);
      else notify(error instanceof Error ? error.message : 'The proposal could not be decided.', { type: 'error' });
    } finally {
      setPending(null);
      refresh();
    }
  };

  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="contained"
        startIcon={<CheckIcon />}
        disabled={pending !== null}
        onClick={() => void decide('accept')}
        aria-label={`Accept ${proposal.volunteerName} for ${proposal.shiftLabel}`}
      >
        {pending === 'accept' ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<CloseIcon />}
        disabled={pending !== null}
        onClick={() => void decide('decline')}
        aria-label={`Decline ${proposal.volunteerName} for ${proposal.shiftLabel}`}
      >
        {pending === 'decline' ? 'Declining...' : 'Decline'}
      </Button>
      <ExceptionDialog
        request={refused === null ? null : { what: `${proposal.volunteerName} to ${proposal.shiftLabel}`, why: refused }}
        onConfirm={async (reason) => {
          await api.acceptShiftProposal(proposal.id, reason);
          setRefused(null);
          notify(`${proposal.volunteerName} is assigned to ${proposal.shiftLabel} as an exception.`, { type: 'success' });
          refresh();
        }}
        onClose={() => setRefused(null)}
      />
    </Box>
  );
}
