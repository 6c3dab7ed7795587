import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Box, Button, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { VENUE_PREFERENCES } from '@svp/domain';
import { DataTable, FilterButton, Link, List, NullableBooleanInput, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { ListLastUpdated } from '../common/ListLastUpdated';
import { exceptionText } from '../schedule/exceptions';
import { HOURS_STANDING, venuePreferenceLabel } from '../schedule/labels';
import { standingOf } from '../schedule/volunteerHours';
import { unavailableText } from './availability';
import { ExportPreferencesButton } from './ExportPreferencesButton';
import type { VolunteerPreferenceRow } from './types';

const VENUE_CHOICES = VENUE_PREFERENCES.filter((option) => option.value !== 'none').map((option) => ({
  id: option.value,
  name: option.label,
}));

function useFilters(isSmall: boolean) {
  // On a phone only the search stays open; the others come from the filter button.
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or SV ID" />,
    <NullableBooleanInput key="teamLeader" source="teamLeader" label="Team leader" alwaysOn={!isSmall} />,
    <NullableBooleanInput key="preconference" source="preconference" label="Pre-conference shifts" alwaysOn={!isSmall} />,
    <SelectInput
      key="venuePreference"
      source="venuePreference"
      label="Venue preference"
      choices={VENUE_CHOICES}
      emptyText="Any"
      alwaysOn={!isSmall}
    />,
  ];
}

/** 'From Friday 7 August at 09:00', 'No' */
export function preconferenceText({ preconference }: Pick<VolunteerPreferenceRow, 'preconference'>): string {
  if (!preconference.wanted) return 'No';
  const from = [preconference.startDay, preconference.startTime && `at ${preconference.startTime}`].filter(Boolean).join(' ');
  return from ? `From ${from}` : 'Yes';
}

const venuesText = (row: VolunteerPreferenceRow) => row.venuePreferences.map(venuePreferenceLabel).join(', ') || '—';

/** Days or hours they cannot work, most hours a day and least rest, in one cell. */
function Availability({ row }: { row: VolunteerPreferenceRow }) {
  const limits = [
    row.maxHoursPerDay !== null && `At most ${row.maxHoursPerDay} h a day`,
    row.minRestMinutes !== null && row.minRestMinutes > 0 && `${row.minRestMinutes} min rest between shifts`,
  ].filter(Boolean);
  if (!row.unavailable.length && !limits.length) return <>Any time</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {row.unavailable.map((entry) => (
        <span key={`${entry.day} ${entry.from}`}>Not {unavailableText(entry)}</span>
      ))}
      {limits.map((limit) => (
        <span key={String(limit)}>{limit}</span>
      ))}
    </Box>
  );
}

/** The shifts a person holds through an exception to the schedule rules, each with its reason and who made it. */
function Exceptions({ row, none = null }: { row: VolunteerPreferenceRow; none?: string | null }) {
  if (!row.exceptions.length) return none;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {row.exceptions.map((e) => (
        <Typography key={e.shiftId} variant="body2" component="span" sx={{ display: 'block' }}>
          {`${e.shiftLabel}. ${exceptionText(e)}`}
        </Typography>
      ))}
    </Box>
  );
}

function Hours({ row }: { row: VolunteerPreferenceRow }) {
  const look = HOURS_STANDING[standingOf(row.assignedHours, row.expectedHours)];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      {row.assignedHours} of {row.expectedHours} h
      <Chip size="small" color={look.color} label={look.label} />
    </Box>
  );
}

const EditAvailability = ({ row }: { row: VolunteerPreferenceRow }) => (
  <Button
    component={Link}
    to={`/volunteer-constraints/${row.id}`}
    size="small"
    startIcon={<EventBusyIcon />}
    aria-label={`Edit the availability of ${row.name}`}
  >
    Availability
  </Button>
);

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportPreferencesButton />
  </TopToolbar>
);

/** Every confirmed volunteer (the server lists them by name) with what they asked for, when they can work, and their hours so far;
 * exportable as CSV. */
export function VolunteerPreferenceList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={useFilters(isSmall)}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      title="Volunteer preferences"
      actions={<ListActions />}
      empty={false}
    >
      <ListLastUpdated />
      {isSmall ? (
        <SimpleList<VolunteerPreferenceRow>
          primaryText={(row) => `${row.name}${row.teamLeader ? ' (TL)' : ''}`}
          secondaryText={(row) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
              <span>{`Venues: ${venuesText(row)}`}</span>
              <span>{`Pre-conference: ${preconferenceText(row)}`}</span>
              <Availability row={row} />
            </Box>
          )}
          tertiaryText={(row) => (
            <>
              {`${row.assignedHours} of ${row.expectedHours} h`}
              <Exceptions row={row} />
            </>
          )}
          linkType={(row) => `/volunteer-constraints/${row.id}`}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="name"
            label="Volunteer"
            disableSort
            render={(row: VolunteerPreferenceRow) => (
              <>
                {row.name}
                <Typography variant="caption" component="div" color="text.secondary">
                  SV ID {row.svid} · {row.email}
                </Typography>
              </>
            )}
          />
          <DataTable.Col label="Role" disableSort render={(row: VolunteerPreferenceRow) => (row.teamLeader ? 'TL' : 'SV')} />
          <DataTable.Col label="Pre-conference" disableSort render={(row: VolunteerPreferenceRow) => preconferenceText(row)} />
          <DataTable.Col label="Venue preferences" disableSort render={venuesText} />
          <DataTable.Col label="Availability" disableSort render={(row: VolunteerPreferenceRow) => <Availability row={row} />} />
          <DataTable.Col label="Hours" disableSort render={(row: VolunteerPreferenceRow) => <Hours row={row} />} />
          <DataTable.Col label="Exceptions" disableSort render={(row: VolunteerPreferenceRow) => <Exceptions row={row} none="—" />} />
          <DataTable.Col label="Actions" disableSort render={(row: VolunteerPreferenceRow) => <EditAvailability row={row} />} />
        </DataTable>
      )}
    </List>
  );
}
