import { BooleanField, BooleanInput, DataTable, EmailField, List, SearchInput, SelectInput, TextField } from 'react-admin';

const ROLE_CHOICES = [
  { id: 'Student-Volunteer', name: 'Student Volunteer' },
  { id: 'Team-Leader', name: 'Team Leader' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Email, first or last name" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <BooleanInput key="verified" source="verified" label="Email verified" />,
  <BooleanInput key="isAdmin" source="isAdmin" label="Administrator" />,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'lastName', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit">
        <DataTable.Col source="lastName" label="Last name" />
        <DataTable.Col source="firstName" label="First name" />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col source="svid" label="SV ID" field={TextField} />
        <DataTable.Col source="role" />
        <DataTable.Col source="isAdmin" label="Admin" field={BooleanField} />
        <DataTable.Col source="verified" label="Verified" field={BooleanField} />
        <DataTable.Col source="profileComplete" label="Profile" field={BooleanField} disableSort />
      </DataTable>
    </List>
  );
}

export { ROLE_CHOICES };
