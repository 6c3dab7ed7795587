import { Card, CardContent, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { AUTH_VIEW_TITLES, type AuthView } from './authView';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ConfirmRegistrationForm } from './ConfirmRegistrationForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';
import { useAuthAlerts } from './useAuthAlerts';

interface Props {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** Registration is offered only while applications are open. */
  registrationOpen: boolean;
  /** Bring the panel into view with the cursor in its first field at once (the /login address). */
  autoFocus?: boolean;
}

/** The sign-up and login panel: one card whose content toggles between the account views. */
export function AuthPanel({ view, onViewChange, registrationOpen, autoFocus }: Props) {
  const { clearAll, showMessage } = useAuthAlerts();
  const [registeredEmail, setRegisteredEmail] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const lastView = useRef(view);
  const card = useRef<HTMLDivElement>(null);

  // On a phone the panel starts below the notices; /login shows all of it, Login button included.
  useEffect(() => {
    if (autoFocus) card.current?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, []);

  // A keyboard or screen-reader user lands on the new view's title rather than on a vanished link.
  useEffect(() => {
    if (view !== lastView.current) {
      lastView.current = view;
      heading.current?.focus();
    }
  }, [view]);

  const show = (next: AuthView) => {
    clearAll();
    onViewChange(next);
  };

  return (
    <Card ref={card} variant="outlined" component="section" aria-labelledby="auth-panel-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="auth-panel-title" ref={heading} tabIndex={-1} variant="h2" gutterBottom sx={{ outline: 'none' }}>
          {AUTH_VIEW_TITLES[view]}
        </Typography>
        {view === 'signIn' && <SignInForm onShow={show} registrationOpen={registrationOpen} autoFocus={autoFocus} />}
        {view === 'register' && (
          <RegisterForm
            onShow={show}
            onRegistered={(email, notice) => {
              setRegisteredEmail(email);
              onViewChange('confirmRegistration');
              if (notice) showMessage(notice);
            }}
          />
        )}
        {view === 'confirmRegistration' && <ConfirmRegistrationForm email={registeredEmail} />}
        {view === 'forgotPassword' && <ForgotPasswordForm onShow={show} />}
        {view === 'changePassword' && <ChangePasswordForm onShow={show} />}
      </CardContent>
    </Card>
  );
}
