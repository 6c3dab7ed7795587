import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AlertsProvider } from '../../state/AlertsContext';
import { SessionProvider, useSession } from '../../state/SessionContext';
import { scheduleCache } from './scheduleCache';
import { useScheduleLoad } from './useScheduleLoad';

// The real session: logout must forget the schedules shown so far.

function Probe({ load }: { load: () => Promise<string> }) {
  const { data, loading } = useScheduleLoad('sv/7', load);
  const { logout } = useSession();
  return (
    <>
      <p data-testid="schedule">{data ?? (loading ? 'loading' : 'none')}</p>
      <button onClick={() => logout()}>Logout</button>
    </>
  );
}

const show = (load: () => Promise<string>) =>
  render(
    <AlertsProvider contactEmail="sv@example.org">
      <SessionProvider>
        <Probe load={load} />
      </SessionProvider>
    </AlertsProvider>,
  );
const never = () => new Promise<string>(() => undefined);

beforeEach(() => scheduleCache.clear());

describe('the schedule cache', () => {
  it('shows the last schedule at once while a fresh one loads, and forgets it on logout', async () => {
    const first = show(async () => 'first answer');
    expect(await screen.findByText('first answer')).toBeInTheDocument();
    first.unmount();
    const again = show(never);
    expect(screen.getByTestId('schedule')).toHaveTextContent('first answer');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    again.unmount();
    show(never);
    expect(screen.getByTestId('schedule')).toHaveTextContent('loading');
  });
});
