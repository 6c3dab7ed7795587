import { Typography } from '@mui/material';
import { BooleanInput, Edit, SaveButton, SelectInput, SimpleForm, TextField, Toolbar, required, useRecordContext } from 'react-admin';
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

/** An administrator sets the role and the administrator flag; identity fields are read-only. */
export function UserEdit() {
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic">
      <SimpleForm toolbar={<SaveOnly />}>
        <Typography variant="subtitle2">Email</Typography>
        <TextField source="email" />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          SV ID
        </Typography>
        <TextField source="svid" />
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} helperText="Team leaders score the jury and lead venues." sx={{ mt: 2 }} />
        <BooleanInput source="isAdmin" label="Administrator" helperText="You cannot remove your own administrator rights." />
      </SimpleForm>
    </Edit>
  );
}
