import { type Theme, useMediaQuery } from '@mui/material';
import type { AdminUser } from '@svp/domain';
import { BooleanField, BooleanInput, DataTable, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { EmailText } from '../common/EmailText';

/** A row of GET /api/admin/users: the parts the list shows. */
type UserRow = Pick<AdminUser, 'id' | 'firstName' | 'lastName' | 'email' | 'svid' | 'role' | 'isAdmin'>;

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

const roleName = (role: string) => ROLE_CHOICES.find((choice) => choice.id === role)?.name ?? role;

export function UserList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'lastName', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<UserRow>
          primaryText={(user) => `${user.firstName} ${user.lastName}`}
          secondaryText={(user) => (
            <>
              <EmailText email={user.email} /> · SV ID {user.svid}
            </>
          )}
          tertiaryText={(user) => [roleName(user.role), user.isAdmin && 'Admin'].filter(Boolean).join(' · ')}
          linkType="edit"
        />
      ) : (
        // Users are never deleted or changed in bulk here.
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="lastName" label="Last name" />
          <DataTable.Col source="firstName" label="First name" />
          <DataTable.Col source="email" render={(user: UserRow) => <EmailText email={user.email} link />} />
          <DataTable.Col source="svid" label="SV ID" field={TextField} />
          <DataTable.Col source="role" />
          <DataTable.Col source="isAdmin" label="Admin" field={BooleanField} />
          <DataTable.Col source="verified" label="Verified" field={BooleanField} />
          <DataTable.Col source="profileComplete" label="Profile" field={BooleanField} disableSort />
        </DataTable>
      )}
    </List>
  );
}

export { ROLE_CHOICES };
