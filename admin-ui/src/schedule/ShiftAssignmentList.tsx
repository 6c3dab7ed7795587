import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, Chip, type Theme, useMediaQuery } from '@mui/material';
import { AutocompleteInput, DataTable, FunctionField, List, ReferenceField, ReferenceInput, SimpleList, TextField } from 'react-admin';
import { exceptionText } from './exceptions';
import { personLabel, shiftLabel } from './labels';
import type { ShiftAssignmentRow, ShiftRow } from './types';

export const assignmentFilters = [
  <ReferenceInput key="shiftId" source="shiftId" reference="shifts" sort={{ field: 'startsAt', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Shift" optionText={shiftLabel} filterToQuery={(q) => ({ q })} sx={{ minWidth: 280 }} />
  </ReferenceInput>,
  <ReferenceInput key="volunteerId" source="volunteerId" reference="users" sort={{ field: 'lastName', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Volunteer" optionText={personLabel} filterToQuery={(q) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
];

const volunteer = (a: ShiftAssignmentRow) =>
  a.svid ? `${a.volunteerName} (SV ID ${a.svid})` : (a.volunteerName ?? `User ${a.volunteerId}`);

/** 'Pinned' on an assignment the schedule builder never moves; nothing on the others. */
export function PinnedChip({ assignment }: { assignment: Pick<ShiftAssignmentRow, 'pinned'> }) {
  return assignment.pinned ? <Chip size="small" icon={<PushPinIcon />} label="Pinned" variant="outlined" /> : null;
}

/** 'Exception' with its rules, reason and maker on an assignment made despite a schedule rule; nothing on the others. */
export function ExceptionNote({ assignment }: { assignment: Pick<ShiftAssignmentRow, 'exception'> }) {
  return assignment.exception ? (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" color="warning" label="Exception" variant="outlined" />
      {exceptionText(assignment.exception)}
    </Box>
  ) : null;
}

function ShiftAndVenue() {
  return (
    <ReferenceField source="shiftId" reference="shifts" link="edit">
      <FunctionField<ShiftRow> render={shiftLabel} />
      {' · '}
      <ReferenceField source="venueId" reference="venues" link={false}>
        <TextField source="name" />
      </ReferenceField>
    </ReferenceField>
  );
}

export function ShiftAssignmentList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={assignmentFilters} sort={{ field: 'shiftId', order: 'ASC' }} perPage={50}>
      {isSmall ? (
        <SimpleList<ShiftAssignmentRow>
          primaryText={volunteer}
          secondaryText={<ShiftAndVenue />}
          tertiaryText={(a) => (
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
              <PinnedChip assignment={a} />
              <ExceptionNote assignment={a} />
              {a.accommodations}
            </Box>
          )}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit">
          <DataTable.Col source="volunteerId" label="Volunteer" render={volunteer} />
          <DataTable.Col source="shiftId" label="Shift · venue">
            <ShiftAndVenue />
          </DataTable.Col>
          <DataTable.Col source="pinned" label="Pinned" disableSort render={(a: ShiftAssignmentRow) => <PinnedChip assignment={a} />} />
          <DataTable.Col
            source="exception"
            label="Exception"
            disableSort
            render={(a: ShiftAssignmentRow) => <ExceptionNote assignment={a} />}
          />
          <DataTable.Col source="accommodations" disableSort />
          <DataTable.Col source="startBackToBack" label="Back to back (start)" disableSort />
          <DataTable.Col source="endBackToBack" label="Back to back (end)" disableSort />
        </DataTable>
      )}
    </List>
  );
}
