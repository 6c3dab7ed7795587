import {
  AutocompleteArrayInput,
  Create,
  Edit,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
} from 'react-admin';
import { VENUE_PREFERENCE_CHOICES, personLabel } from './labels';

/** Team leaders are the users with the Team-Leader role; the API refuses anyone else. */
const TEAM_LEADERS = { role: 'Team-Leader' };

function VenueFields() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="location" validate={maxLength(300)} fullWidth />
      <SelectInput
        source="preference"
        label="Volunteer preference it satisfies"
        choices={VENUE_PREFERENCE_CHOICES}
        validate={required()}
        helperText="The schedule builder gives volunteers who asked for this preference their hours here first."
      />
      <ReferenceArrayInput
        source="teamLeaderIds"
        reference="users"
        filter={TEAM_LEADERS}
        sort={{ field: 'lastName', order: 'ASC' }}
        perPage={200}
      >
        <AutocompleteArrayInput
          label="Team leaders"
          optionText={personLabel}
          filterToQuery={(q) => ({ q })}
          helperText="Only users with the Team Leader role can lead a venue."
          fullWidth
        />
      </ReferenceArrayInput>
    </>
  );
}

export function VenueCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ teamLeaderIds: [], preference: 'none' }}>
        <VenueFields />
      </SimpleForm>
    </Create>
  );
}

/** Deleting a venue that still has shifts is refused (VENUE_HAS_SHIFTS); the message is notified as it comes. */
export function VenueEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <VenueFields />
      </SimpleForm>
    </Edit>
  );
}
