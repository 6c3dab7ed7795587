import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parsePacific } from '@svp/domain';
import { jsonResponse } from '@svp/ui-test-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../api/endpoints';
import type { ShiftDetail } from '../../api/types';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { NOW, releasedSettings, shiftDetail, teamLeaderSchedule } from '../schedule/scheduleFixtures';
import { scheduleCache } from '../schedule/scheduleCache';
import CheckInPage, { checkInShifts, rowState } from './CheckInPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { teamLeaderSchedule: vi.fn(), shiftDetail: vi.fn() } }));
// The camera: a field whose text the page is handed, as the scanner hands it each code it reads.
vi.mock('./CodeScanner', () => ({
  CodeScanner: ({ onCode }: { onCode: (text: string) => void }) => (
    <input aria-label="Code read" onChange={(event) => onCode(event.target.value)} />
  ),
}));

/** Shift 25 (Sat 8:00 AM – 12:00 PM at Registration, under way at NOW): Ana and Ben, neither checked in. */
function badgeCheck(): ShiftDetail {
  const base = teamLeaderSchedule().shifts[4]!;
  const detail = shiftDetail();
  return {
    shift: {
      ...detail.shift,
      ...base,
      studentVolunteers: detail.shift.studentVolunteers.map((v) => ({
        ...v,
        performance_record: { ...shiftDetail().shift.studentVolunteers[1]!.performance_record, shift_id: 25, student_volunteer_id: v.id },
      })),
    },
  };
}
const until = Math.floor(parsePacific('2025-08-09 12:00')!.getTime() / 1000);
const codeOf = (shiftId: number, userId: number) => `svp1.${shiftId}.${userId}.${until}.abcdefghijklmnopqrstuv`;

const open = () =>
  renderPage(<CheckInPage />, {
    path: '/schedule/checkin',
    settings: releasedSettings(),
    isTeamLeader: true,
    profile: profileUser({ role: 'Team-Leader' }),
  });

let online = false;
const syncs: { actions: { key: string; kind: string; code?: string; tapped_at: string }[] }[] = [];

beforeEach(() => {
  scheduleCache.clear();
  vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule());
  vi.mocked(endpoints.shiftDetail).mockImplementation(async (id) => (id === 25 ? badgeCheck() : Promise.reject(new Error('offline'))));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init!.body)) as (typeof syncs)[number];
      syncs.push(body);
      const results = body.actions.map((a) => ({
        key: a.key,
        outcome: 'applied',
        repeated: false,
        code: null,
        message: 'Saved.',
        errors: {},
        shift_id: 25,
        student_volunteer_id: 8,
        tapped_at: a.tapped_at,
        record: { ...badgeCheck().shift.studentVolunteers[1]!.performance_record, check_in: true, check_in_at: a.tapped_at, version: 1 },
      }));
      return jsonResponse(200, {
        success: true,
        data: { now: new Date(NOW).toISOString(), applied: 1, refused: 0, conflicts: 0, results },
      });
    }),
  );
});

describe('the check-in screen', () => {
  it('lists the shifts under way or starting within three hours, earliest first', () => {
    const ids = checkInShifts(teamLeaderSchedule().shifts, NOW).map((s) => s.id);
    expect(ids).toEqual([25, 26]);
  });

  it("lays the phone's waiting taps over the record the portal sent", () => {
    const ben = badgeCheck().shift.studentVolunteers[1]!;
    const tap = {
      key: 'k',
      kind: 'check-in' as const,
      shift_id: 25,
      student_volunteer_id: 8,
      base_version: 0,
      author: 7,
      seq: 1,
      offset: 0,
    };
    const row = rowState(ben, [
      { ...tap, tapped_at: '2025-08-09T15:35:00.000Z', state: 'waiting' },
      { ...tap, key: 'r', kind: 'rating', rating: 4, tapped_at: '2025-08-09T15:36:00.000Z', state: 'waiting' },
    ]);
    expect(row).toMatchObject({ checkedInAt: '2025-08-09T15:35:00.000Z', rating: 4, waiting: 2 });
  });

  it('checks a volunteer in by their code while offline, says it waits, and sends it once the network is back', async () => {
    const user = userEvent.setup();
    open();
    const shift = await screen.findByRole('region', { name: 'Registration, Badge Check' });
    await within(shift).findByText('Ben Okafor');
    await user.click(screen.getByRole('button', { name: 'Scan codes' }));

    // Refused at once, in words, without the network: another venue's shift, someone not on this shift, a code of no portal.
    const field = await screen.findByRole('textbox', { name: 'Code read' });
    const read = (text: string) => fireEvent.change(field, { target: { value: text } });
    read(codeOf(99, 8));
    expect(screen.getByTestId('scan-result')).toHaveTextContent("This volunteer's shift is at another venue.");
    read(codeOf(25, 55));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('This volunteer is not on this shift.');
    read('https://example.org/');
    expect(screen.getByTestId('scan-result')).toHaveTextContent('This is not a check-in code of this portal.');

    read(codeOf(25, 8));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('Checked in Ben Okafor.');
    const ben = screen.getByTestId('volunteer-8');
    await within(ben).findByText('Waiting to be sent');
    expect(within(ben).getByText(/^Checked in \d/)).toBeInTheDocument();
    expect(screen.getByTestId('queue-status')).toHaveTextContent('1 change waiting to be sent.');
    // The same code read again is not a second check-in.
    read('');
    read(codeOf(25, 8));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('Ben Okafor is already checked in.');

    online = true;
    window.dispatchEvent(new Event('online'));
    await within(ben).findByText('Sent');
    expect(screen.getByTestId('queue-status')).toHaveTextContent('Everything this phone recorded has been sent.');
    expect(syncs).toHaveLength(1);
    expect(syncs[0]!.actions).toEqual([expect.objectContaining({ kind: 'check-in', code: codeOf(25, 8) })]);
    // The tap's time, on the portal's clock (NOW), not the send's.
    expect(Math.abs(Date.parse(syncs[0]!.actions[0]!.tapped_at) - NOW)).toBeLessThan(60_000);
    await waitFor(() => expect(within(ben).queryByText('Waiting to be sent')).not.toBeInTheDocument());
  });
});
