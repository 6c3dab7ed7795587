import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationRecord, profileUser } from '../test/fixtures';
import { SessionProvider, useSession } from './SessionContext';

let session: ReturnType<typeof useSession>;

function Probe() {
  session = useSession();
  return <p data-testid="status">{String(session.profile?.application_status_id ?? 'none')}</p>;
}

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
});
