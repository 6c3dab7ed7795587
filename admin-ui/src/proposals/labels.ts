import type { ProposalStatus } from './types';

export const PROPOSAL_STATUS: Record<ProposalStatus, { label: string; color: 'warning' | 'success' | 'default' }> = {
  open: { label: 'Open', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'default' },
};

export const PROPOSAL_STATUS_CHOICES = (Object.keys(PROPOSAL_STATUS) as ProposalStatus[]).map((id) => ({
  id,
  name: PROPOSAL_STATUS[id].label,
}));
