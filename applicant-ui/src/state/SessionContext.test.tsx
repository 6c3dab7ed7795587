import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationRecord, profileUser } from '../test/kit/records';
import { SessionProvider, useSession } from './SessionContext';

let session: ReturnType<typeof useSession>;

function Probe() {
  session = useSession();
  return <p data-testid="status">{String(session.profile?.application_status_id ?? 'none')}</p>;
}

afterEach(() => localStorage.clear());

describe('the session', () => {
  it('keeps the profile status in step with the application, so the Schedule entry appears right after a confirmation', () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    act(() => session.setProfile(profileUser({ application_status_id: 1 })));
    expect(screen.getByTestId('status')).toHaveTextContent('1');

    act(() => session.setApplication(applicationRecord({ status_id: 2 }, { application_status_id: 2, state: 'confirmed' })));
    expect(screen.getByTestId('status')).toHaveTextContent('2');

    act(() => session.setApplication('none'));
    expect(screen.getByTestId('status')).toHaveTextContent('2');
  });

  it('takes a profile without an application as "none" (nothing to ask the server), and notes the application once one is saved', () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    act(() => session.setProfile(profileUser({ has_application: false })));
    expect(session.application).toBe('none');

    const saved = applicationRecord();
    act(() => session.setApplication(saved));
    expect(session.profile?.has_application).toBe(true);
    // A profile answer from before the save does not hide the application already loaded.
    act(() => session.setProfile(profileUser({ has_application: false })));
    expect(session.application).toBe(saved);
  });

  it('starts from what was read before the first drawing: the profile, the application and its status, with nothing left to load', () => {
    const confirmed = applicationRecord({ status_id: 2 }, { application_status_id: 2, state: 'confirmed' });
    render(
      <SessionProvider first={{ profile: profileUser({ application_status_id: 1 }), application: confirmed }}>
        <Probe />
      </SessionProvider>,
    );
    // The first drawing already has both: the navigation reads the application's status from the profile.
    expect(screen.getByTestId('status')).toHaveTextContent('2');
    expect(session.application).toBe(confirmed);
  });

  it('starts with "none" when the profile read first says there is no application, and with nothing when none was read', () => {
    render(
      <SessionProvider first={{ profile: profileUser({ has_application: false }), application: null }}>
        <Probe />
      </SessionProvider>,
    );
    expect(session.application).toBe('none');
    render(
      <SessionProvider first={null}>
        <Probe />
      </SessionProvider>,
    );
    expect(session.profile).toBeNull();
    expect(session.application).toBeNull();
  });

  it('is verified as sign-in says until the profile is loaded, then as the profile says', () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    const registered = {
      user: {
        id: 7,
        svid: 'ABCD2345',
        username: 'u',
        email: 'ada@example.edu',
        firstName: 'Ada',
        lastName: 'L',
        role: 'Student-Volunteer' as const,
        isAdmin: false,
        isTeamLeader: false,
        verified: false,
      },
      session: { access_token: 'a.b.c', expires_at: '' },
    };
    act(() => session.signIn(registered));
    expect(session.isVerified).toBe(false);
    act(() => session.setProfile(profileUser({ verified: true })));
    expect(session.isVerified).toBe(true);
  });
});
