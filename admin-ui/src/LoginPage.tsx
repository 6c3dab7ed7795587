import { Typography } from '@mui/material';
import { useEffect } from 'react';
import { Login, LoginForm, PasswordInput, TextInput, email, required } from 'react-admin';
import { refreshContactEmail } from './common/contactEmail';

/** Sign-in with the portal account's email; the auth provider lets only administrators in. */
export function LoginPage() {
  useEffect(() => {
    void refreshContactEmail();
  }, []);
  return (
    <Login>
      <Typography component="h1" variant="h6" align="center" sx={{ mt: 1 }}>
        SV Portal · Organisers
      </Typography>
      <LoginForm>
        <TextInput autoFocus source="email" type="email" label="Email" autoComplete="username" validate={[required(), email()]} />
        <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} />
      </LoginForm>
    </Login>
  );
}
