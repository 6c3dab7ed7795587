import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';
import {
  BooleanField,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  Pagination,
  RadioButtonGroupInput,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ListLastUpdated } from '../common/ListLastUpdated';
import { EmailText } from '../common/EmailText';
import { scrollX } from '../common/ScrollBox';
import { LoadingText } from '../common/LoadingText';
import { statusChoices, useEditionSettings } from '../common/useEditionSettings';
import { REFERENCE_STATE_CHOICES, formatRating } from '../references/labels';
import { BulkStatusButton } from './BulkStatusButton';
import { ExportCsvButton } from './ExportCsvButton';
import { StatusFilterForm } from './StatusFilterForm';
import type { ApplicationRow } from './types';

const CRITERIA = [
  { id: 'email', name: 'Email' },
  { id: 'firstName', name: 'First name' },
  { id: 'lastName', name: 'Last name' },
];

/**
 * The applications list (/applications: every filter at once) and the earlier portal's two searches at their
 * old addresses: 'search by user' (/application/search) and 'search by status' (/application/search-status).
 */
export type ApplicationListView = 'all' | 'byUser' | 'byStatus';

const TITLES: Record<ApplicationListView, string> = { all: 'Applications', byUser: 'Search by user', byStatus: 'Search by status' };

/** The processing status, offered by 'Add filter' (the dashboard's status links set it too). */
function useStatusFilter() {
  const statuses = statusChoices(useEditionSettings());
  return <SelectInput key="statusId" source="statusId" label="Status" choices={statuses} />;
}

// 1, 1.5, … 5: the average of the received references' ratings, each 1 to 5.
const RATING_CHOICES = Array.from({ length: 9 }, (_, i) => 1 + i / 2).map((n) => ({ id: n, name: String(n) }));

/** The references' filters, offered by 'Add filter'; the CSV export carries them with the rest. */
const REFERENCE_FILTERS = [
  <SelectInput key="referenceState" source="referenceState" label="Reference state" choices={REFERENCE_STATE_CHOICES} />,
  <SelectInput key="minReferenceRating" source="minReferenceRating" label="Average reference rating at least" choices={RATING_CHOICES} />,
];

function useAllFilters(isSmall: boolean) {
  const status = useStatusFilter();
  // On a phone only the search stays open; the others come from the filter button.
  const shown = !isSmall;
  // Each yes/no filter applies only once a value is picked (docs/product.md, "The admin panel's pages").
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
    <SelectInput key="criterion" source="criterion" label="Search in" choices={CRITERIA} emptyText="Email or name" alwaysOn={shown} />,
    <NullableBooleanInput key="completed" source="completed" label="Completed" alwaysOn={shown} />,
    <NullableBooleanInput key="teamLeader" source="teamLeader" label="Team leader" alwaysOn={shown} />,
    <NullableBooleanInput key="financialAid" source="financialAid" label="Financial aid" alwaysOn={shown} />,
    status,
    ...REFERENCE_FILTERS,
  ];
}

// 'Search by user': the admin picks a criterion and types a text.
const BY_USER_FILTERS = [
  <RadioButtonGroupInput key="criterion" source="criterion" label="Search by" choices={CRITERIA} alwaysOn />,
  <TextInput key="q" source="q" label="Search text" alwaysOn />,
];

const ListActions = ({ view }: { view: ApplicationListView }) => (
  <TopToolbar>
    {view !== 'byUser' && <FilterButton />}
    {view !== 'byUser' && <ExportCsvButton />}
  </TopToolbar>
);

const fullName = (row: ApplicationRow) => `${row.firstName} ${row.lastName}`;

/** 'References': how many of the two references came in. */
const referencesReceived = (row: ApplicationRow) => `${row.referencesReceived ?? 0} of 2`;

function ApplicationRows({ view }: { view: ApplicationListView }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (isSmall) {
    return (
      <SimpleList<ApplicationRow>
        primaryText={fullName}
        secondaryText={(row) => (
          <>
            <EmailText email={row.email} /> · SV ID {row.svid}
          </>
        )}
        tertiaryText={(row) =>
          [
            row.completed ? 'Completed' : 'In progress',
            row.teamLeader && 'TL',
            row.financialAid && 'Aid',
            view !== 'byUser' && row.status,
            view !== 'byUser' && `References ${referencesReceived(row)}`,
          ]
            .filter(Boolean)
            .join(' · ')
        }
        linkType="show"
      />
    );
  }
  // The search by user shows the kept columns; the other lists add the status, the jury's average, the references and bulk status changes.
  // Cells a little narrower than the default; on a narrower screen the table scrolls sideways inside its box.
  return (
    // Only the table scrolls, not the bulk-actions bar that slides over its header (it must stay clickable).
    <DataTable
      rowClick="show"
      bulkActionButtons={view === 'byUser' ? false : <BulkStatusButton />}
      sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 }, '& .RaDataTable-tableWrapper': scrollX }}
    >
      <DataTable.Col source="firstName" label="First name" />
      <DataTable.Col source="lastName" label="Last name" />
      <DataTable.Col source="email" render={(row: ApplicationRow) => <EmailText email={row.email} />} />
      <DataTable.Col source="svid" label="SV ID" />
      <DataTable.Col source="completed" label="Completed" field={BooleanField} />
      <DataTable.Col source="teamLeader" label="Team leader" field={BooleanField} />
      <DataTable.Col source="financialAid" label="Financial aid" field={BooleanField} />
      {view !== 'byUser' && <DataTable.Col source="status" label="Status" />}
      {view !== 'byUser' && <DataTable.NumberCol source="averageScore" label="Avg score" options={{ maximumFractionDigits: 2 }} />}
      {view !== 'byUser' && (
        <DataTable.Col
          source="referencesReceived"
          label="References"
          disableSort
          render={referencesReceived}
          cellSx={() => ({ whiteSpace: 'nowrap' })}
        />
      )}
      {view !== 'byUser' && (
        <DataTable.Col
          source="referenceRating"
          label="Ref. rating"
          disableSort
          render={(row: ApplicationRow) => formatRating(row.referenceRating)}
        />
      )}
      <DataTable.Col label="Application" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <ShowButton label="View App" />
      </DataTable.Col>
    </DataTable>
  );
}

/** Applications 20 a page, with 'Last Updated' and Refresh. */
export function ApplicationList({ view = 'all' }: { view?: ApplicationListView }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const allFilters = useAllFilters(isSmall);
  const status = useStatusFilter();
  const filters: ReactElement[] = view === 'all' ? allFilters : view === 'byUser' ? BY_USER_FILTERS : [status, ...REFERENCE_FILTERS];
  return (
    <List
      resource="applications"
      // Each search keeps its own filter, page and sort.
      storeKey={view === 'all' ? undefined : `applications.${view}`}
      filters={filters}
      filterDefaultValues={view === 'byUser' ? { criterion: 'email' } : undefined}
      actions={<ListActions view={view} />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
      loading={<LoadingText>Loading list of applications...</LoadingText>}
      empty={false}
      title={TITLES[view]}
    >
      <ListLastUpdated />
      {view === 'byStatus' && <StatusFilterForm />}
      <ApplicationRows view={view} />
    </List>
  );
}
