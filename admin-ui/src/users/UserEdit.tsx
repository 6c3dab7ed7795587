import EventBusyIcon from '@mui/icons-material/EventBusy';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Button, Typography } from '@mui/material';
import {
  BooleanInput,
  Edit,
  Link,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
  TopToolbar,
  required,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { UserCertificateButton } from '../certificates/CertificateButtons';
import { ROLE_CHOICES } from './UserList';

function UserTitle() {
  const user = useRecordContext<{ firstName: string; lastName: string; svid: string }>();
  return <span>{user ? `${user.firstName} ${user.lastName} (${user.svid})` : 'User'}</span>;
}

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export const OWN_ADMIN_RIGHTS = 'You cannot remove your own administrator rights.';

/** The administrator switch; on your own record it is locked on, and says why (the server refuses it too). */
function AdministratorInput() {
  const user = useRecordContext<{ id: number; isAdmin: boolean }>();
  const { identity } = useGetIdentity();
  const ownRecord = user !== undefined && identity !== undefined && String(identity.id) === String(user.id);
  return (
    <BooleanInput
      source="isAdmin"
      label="Administrator"
      disabled={ownRecord && user.isAdmin}
      helperText={ownRecord ? OWN_ADMIN_RIGHTS : 'Administrators can sign in to this panel and change everything in it.'}
    />
  );
}

/** The volunteer's availability (days or hours they cannot work, most hours a day, least rest), on its own page; after the conference,
 * their certificate of service. */
function UserActions() {
  const user = useRecordContext<{ id: number }>();
  return (
    <TopToolbar>
      {user && (
        <Button component={Link} to={`/volunteer-constraints/${user.id}`} size="small" startIcon={<EventBusyIcon />}>
          Availability
        </Button>
      )}
      {user && (
        // Asks for the erasure of this person: a second administrator confirms it (docs/decisions.md, 'Erasure on request').
        <Button component={Link} to="/erasures/create" state={{ record: { userId: user.id } }} size="small" startIcon={<PersonOffIcon />}>
          Erase
        </Button>
      )}
      <UserCertificateButton />
    </TopToolbar>
  );
}

/** An administrator sets the role and the administrator flag; identity fields are read-only. */
export function UserEdit() {
  return (
    <Edit title={<UserTitle />} actions={<UserActions />} mutationMode="pessimistic">
      <SimpleForm toolbar={<SaveOnly />}>
        <Typography variant="subtitle2">Email</Typography>
        <TextField source="email" />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          SV ID
        </Typography>
        <TextField source="svid" />
        <SelectInput
          source="role"
          choices={ROLE_CHOICES}
          validate={required()}
          helperText="Team leaders score the jury and lead venues."
          sx={{ mt: 2 }}
        />
        <AdministratorInput />
      </SimpleForm>
    </Edit>
  );
}
