import { Box, Chip, type Theme, useMediaQuery } from '@mui/material';
import { DataTable, Link, List, SelectInput, SimpleList } from 'react-admin';
import { ListLastUpdated } from '../common/ListLastUpdated';
import { formatUtc } from '../common/utcDates';
import { PROPOSAL_STATUS, PROPOSAL_STATUS_CHOICES } from './labels';
import { ProposalActions } from './ProposalActions';
import type { ShiftProposalRow } from './types';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={PROPOSAL_STATUS_CHOICES} emptyText="All statuses" alwaysOn />,
];

const StatusChip = ({ proposal }: { proposal: ShiftProposalRow }) => (
  <Chip size="small" color={PROPOSAL_STATUS[proposal.status].color} label={PROPOSAL_STATUS[proposal.status].label} />
);

const ShiftLink = ({ proposal }: { proposal: ShiftProposalRow }) => <Link to={`/shifts/${proposal.shiftId}`}>{proposal.shiftLabel}</Link>;

/** Team leaders' proposals of volunteers for shifts of their venues; an administrator accepts or declines the open ones. */
export function ShiftProposalList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      title="Shift proposals"
      exporter={false}
      empty={false}
    >
      <ListLastUpdated />
      {isSmall ? (
        <SimpleList<ShiftProposalRow>
          linkType={false}
          primaryText={(proposal) => proposal.volunteerName}
          secondaryText={(proposal) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <ShiftLink proposal={proposal} />
              <span>{`Proposed by ${proposal.proposedBy.name}, ${formatUtc(proposal.createdAt)}`}</span>
              <ProposalActions proposal={proposal} />
            </Box>
          )}
          tertiaryText={(proposal) => <StatusChip proposal={proposal} />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="createdAt"
            label="Proposed"
            disableSort
            render={(proposal: ShiftProposalRow) => formatUtc(proposal.createdAt)}
          />
          <DataTable.Col label="Shift" disableSort render={(proposal: ShiftProposalRow) => <ShiftLink proposal={proposal} />} />
          <DataTable.Col source="volunteerName" label="Volunteer" disableSort />
          <DataTable.Col label="Proposed by" disableSort render={(proposal: ShiftProposalRow) => proposal.proposedBy.name} />
          <DataTable.Col
            source="status"
            label="Status"
            disableSort
            render={(proposal: ShiftProposalRow) => <StatusChip proposal={proposal} />}
          />
          <DataTable.Col
            source="decidedAt"
            label="Decided"
            disableSort
            render={(proposal: ShiftProposalRow) => (proposal.decidedAt ? formatUtc(proposal.decidedAt) : '—')}
          />
          <DataTable.Col label="Actions" disableSort render={(proposal: ShiftProposalRow) => <ProposalActions proposal={proposal} />} />
        </DataTable>
      )}
    </List>
  );
}
