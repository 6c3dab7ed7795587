import { type Theme, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  Pagination,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { LoadingText } from '../common/LoadingText';
import { statusChoices, useEditionSettings } from '../common/useEditionSettings';
import { ExportCsvButton } from './ExportCsvButton';
import type { ApplicationRow } from './types';

const CRITERIA = [
  { id: 'email', name: 'Email' },
  { id: 'firstName', name: 'First name' },
  { id: 'lastName', name: 'Last name' },
];

function useFilters(isSmall: boolean) {
  const statuses = statusChoices(useEditionSettings());
  // On a phone only the search stays open; the others come from the filter button.
  const shown = !isSmall;
  // Each yes/no filter applies only once a value is picked (operations-area §2, search by status).
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
    <SelectInput key="criterion" source="criterion" label="Search in" choices={CRITERIA} emptyText="Email or name" alwaysOn={shown} />,
    <NullableBooleanInput key="completed" source="completed" label="Completed" alwaysOn={shown} />,
    <NullableBooleanInput key="teamLeader" source="teamLeader" label="Team leader" alwaysOn={shown} />,
    <NullableBooleanInput key="financialAid" source="financialAid" label="Financial aid" alwaysOn={shown} />,
    <SelectInput key="statusId" source="statusId" label="Status" choices={statuses} />,
  ];
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
  </TopToolbar>
);

// Long addresses wrap rather than push the table wider than the screen.
const breakAnywhere = () => ({ overflowWrap: 'anywhere' as const });

const fullName = (row: ApplicationRow) => `${row.firstName} ${row.lastName}`;

/** Search by user and by status in one list, 20 a page (operations-area §2). */
export function ApplicationList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={useFilters(isSmall)}
      actions={<ListActions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
      loading={<LoadingText>Loading list of applications...</LoadingText>}
      title="Applications"
    >
      {isSmall ? (
        <SimpleList<ApplicationRow>
          primaryText={fullName}
          secondaryText={(row) => `${row.email} · SV ID ${row.svid}`}
          tertiaryText={(row) => [row.completed ? 'Completed' : 'In progress', row.teamLeader && 'TL', row.financialAid && 'Aid', row.status].filter(Boolean).join(' · ')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="firstName" label="First name" />
          <DataTable.Col source="lastName" label="Last name" />
          <DataTable.Col source="email" cellSx={breakAnywhere} />
          <DataTable.Col source="svid" label="SV ID" />
          <DataTable.Col source="completed" label="Completed" field={BooleanField} />
          <DataTable.Col source="teamLeader" label="Team leader" field={BooleanField} />
          <DataTable.Col source="financialAid" label="Financial aid" field={BooleanField} />
          <DataTable.Col source="status" label="Status" />
          <DataTable.NumberCol source="averageScore" label="Avg score" options={{ maximumFractionDigits: 2 }} />
          <DataTable.Col label="Application" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
            <ShowButton label="View App" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
