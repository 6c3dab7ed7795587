import PeopleIcon from '@mui/icons-material/People';
import TuneIcon from '@mui/icons-material/Tune';
import { Button, Typography } from '@mui/material';
import { MAX_REST_MINUTES, conferenceDays, formatShiftDay } from '@svp/domain';
import { useMemo } from 'react';
import {
  ArrayInput,
  Edit,
  Link,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { LoadingText } from '../common/LoadingText';
import { useEditionSettings } from '../common/useEditionSettings';
import { availabilityErrors } from './availability';
import type { VolunteerConstraints } from './types';

// The browser's time control always shows its own placeholder, so the label must sit above it.
const SHRUNK_LABEL = { inputLabel: { shrink: true } };
const emptyIsNull = (value: string) => (value === '' ? null : value);
const nullIsEmpty = (value: string | null) => value ?? '';

function AvailabilityTitle() {
  const record = useRecordContext<{ id: number }>();
  const { data: user } = useGetOne<{ id: number; firstName: string; lastName: string; svid: string }>(
    'users',
    { id: record?.id ?? 0 },
    { enabled: record !== undefined },
  );
  return <span>{user ? `Availability of ${user.firstName} ${user.lastName} (${user.svid})` : 'Availability'}</span>;
}

function AvailabilityActions() {
  const record = useRecordContext<{ id: number }>();
  return (
    <TopToolbar>
      <Button component={Link} to="/volunteer-preferences" size="small" startIcon={<TuneIcon />}>
        Volunteer preferences
      </Button>
      {record && (
        <Button component={Link} to={`/users/${record.id}`} size="small" startIcon={<PeopleIcon />}>
          User
        </Button>
      )}
    </TopToolbar>
  );
}

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * An administrator edits when a volunteer can work, at any time (volunteers themselves only until
 * schedules are out): days or hours they cannot work, at most hours a day, the least rest between
 * shifts. The schedule builder and every manual assignment keep to them.
 */
export function VolunteerAvailabilityEdit() {
  const conference = useEditionSettings()?.conference;
  const notify = useNotify();
  const days = useMemo(() => (conference ? conferenceDays(conference) : []), [conference]);
  const dayChoices = days.map((day) => ({ id: day, name: formatShiftDay(day) }));
  return (
    <Edit
      title={<AvailabilityTitle />}
      actions={<AvailabilityActions />}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => notify('Availability saved.', { type: 'success' }) }}
    >
      {/* The form checks against the edition's days, so it waits for them (its rule is fixed when it mounts);
          the browser's own checks are off so the rule's messages show under their fields. */}
      {days.length === 0 ? (
        <LoadingText>Loading the edition's days...</LoadingText>
      ) : (
        <SimpleForm
          toolbar={<SaveOnly />}
          noValidate
          validate={(values) => availabilityErrors(values as Partial<VolunteerConstraints>, days)}
        >
          <Typography variant="body2" color="text.secondary">
            Times are Pacific local time. The schedule builder and every assignment keep to these limits.
          </Typography>
          <ArrayInput source="unavailable" label="Times they cannot work">
            <SimpleFormIterator inline disableReordering>
              <SelectInput source="day" label="Day" choices={dayChoices} />
              <TextInput
                source="from"
                label="From"
                type="time"
                parse={emptyIsNull}
                format={nullIsEmpty}
                slotProps={SHRUNK_LABEL}
                helperText="Both empty: the whole day"
              />
              <TextInput
                source="to"
                label="To"
                type="time"
                parse={emptyIsNull}
                format={nullIsEmpty}
                slotProps={SHRUNK_LABEL}
                helperText={false}
              />
            </SimpleFormIterator>
          </ArrayInput>
          <NumberInput source="maxHoursPerDay" label="Most hours a day" min={1} max={24} step={1} helperText="Empty: no limit." />
          <NumberInput
            source="minRestMinutes"
            label="Least rest between shifts (minutes)"
            min={0}
            max={MAX_REST_MINUTES}
            step={15}
            helperText="Empty: none."
          />
        </SimpleForm>
      )}
    </Edit>
  );
}
