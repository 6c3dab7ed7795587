import { type Theme, useMediaQuery } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import {
  BooleanField,
  DataTable,
  DateInput,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { FillChip } from './FillChip';
import { requirementLabel, shiftTimeRange } from './labels';
import type { ShiftRow } from './types';

export const shiftFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Role" />,
  <ReferenceInput key="venueId" source="venueId" reference="venues" sort={{ field: 'name', order: 'ASC' }} perPage={200} alwaysOn>
    <SelectInput label="Venue" optionText="name" />
  </ReferenceInput>,
  <DateInput key="day" source="day" label="Day (Pacific)" alwaysOn />,
];

function VenueName() {
  return (
    <ReferenceField source="venueId" reference="venues" link={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}

export function ShiftList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={shiftFilters} sort={{ field: 'startsAt', order: 'ASC' }} perPage={50}>
      {isSmall ? (
        <SimpleList<ShiftRow>
          primaryText={(shift) => `${formatShiftDay(shift.day)} ${shiftTimeRange(shift)} · ${shift.role}`}
          secondaryText={<VenueName />}
          tertiaryText={(shift) => <FillChip shift={shift} />}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit">
          <DataTable.Col source="startsAt" label="Day" render={(shift: ShiftRow) => formatShiftDay(shift.day)} />
          <DataTable.Col label="Time (Pacific)" disableSort>
            <FunctionField<ShiftRow> render={shiftTimeRange} />
          </DataTable.Col>
          <DataTable.Col source="venueId" label="Venue">
            <VenueName />
          </DataTable.Col>
          <DataTable.Col source="role" />
          <DataTable.Col source="svSlots" label="Assigned / slots">
            <FillChip />
          </DataTable.Col>
          <DataTable.Col source="swappable" field={BooleanField} disableSort />
          <DataTable.Col
            source="requires"
            label="Requires"
            disableSort
            render={(shift: ShiftRow) => requirementLabel(shift.requires) || '—'}
          />
        </DataTable>
      )}
    </List>
  );
}
