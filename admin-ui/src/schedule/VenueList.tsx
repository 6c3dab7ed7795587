import { Chip, type Theme, useMediaQuery } from '@mui/material';
import { DataTable, FunctionField, List, ReferenceArrayField, SearchInput, SimpleList, SingleFieldList } from 'react-admin';
import { personLabel, venuePreferenceLabel } from './labels';
import type { VenueRow } from './types';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Venue name or location" />];

export function VenueList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<VenueRow>
          primaryText={(venue) => venue.name}
          secondaryText={(venue) => venue.location}
          tertiaryText={(venue) => `${venue.teamLeaderIds.length} TL`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit">
          <DataTable.Col source="name" />
          <DataTable.Col source="location" />
          <DataTable.Col
            source="preference"
            label="Satisfies preference"
            disableSort
            render={(venue: VenueRow) => (venue.preference && venue.preference !== 'none' ? venuePreferenceLabel(venue.preference) : '—')}
          />
          <DataTable.Col source="teamLeaderIds" label="Team leaders" disableSort>
            <ReferenceArrayField source="teamLeaderIds" reference="users">
              <SingleFieldList linkType={false}>
                <FunctionField<{ firstName: string; lastName: string }>
                  render={(person) => <Chip size="small" label={personLabel({ firstName: person.firstName, lastName: person.lastName })} />}
                />
              </SingleFieldList>
            </ReferenceArrayField>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
