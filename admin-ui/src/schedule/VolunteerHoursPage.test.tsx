// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { defaultSettings } from '@svp/domain';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDataProvider } from '../dataProvider';
import { publicSettings } from '../testing/fakePortal';
import type { ShiftAssignmentRow, ShiftRow } from './types';
import { VolunteerHoursPage } from './VolunteerHoursPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const shift: ShiftRow = {
  id: 1,
  venueId: 1,
  day: '2026-08-08',
  startTime: '2026-08-08 08:00',
  endTime: '2026-08-08 18:00',
  startsAt: '2026-08-08T15:00:00.000Z',
  endsAt: '2026-08-09T01:00:00.000Z',
  role: 'Greeter',
  reportTo: '',
  description: '',
  special: '',
  svSlots: 2,
  swappable: true,
  requires: 'none',
  assigned: 2,
};
const assignment = (id: number, volunteerId: number, volunteerName: string): ShiftAssignmentRow => ({
  id,
  shiftId: 1,
  volunteerId,
  volunteerName,
  svid: `SV${volunteerId}`,
  startBackToBack: '',
  endBackToBack: '',
  accommodations: '',
  pinned: false,
  exception: null,
});

describe('VolunteerHoursPage', () => {
  it("measures every volunteer against the edition's hours, not fixed ones", async () => {
    const settings = defaultSettings('chair@example.org');
    settings.conference = { ...settings.conference, svHours: 10, tlHours: 40 };
    const rows: Record<string, unknown[]> = {
      venues: [],
      shifts: [shift],
      'shift-assignments': [assignment(1, 10, 'Ada Lovelace'), assignment(2, 20, 'Alan Turing')],
      users: [{ id: 20 }],
    };
    const dataProvider = {
      listAll: async (resource: string) => ({ data: rows[resource] }),
      publicSettings: async () => ({ data: publicSettings(settings).data }),
    } as unknown as AdminDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <VolunteerHoursPage />
      </AdminContext>,
    );
    const table = await screen.findByRole('table', { name: 'Volunteer hours' });
    expect(screen.getByTestId('hours-expected').textContent).toContain(
      'against about 10 h for a student volunteer and 40 h for a team leader',
    );
    const ada = within(table).getByText('Ada Lovelace').closest('tr')!;
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada LovelaceSV ID SV10', 'SV', '1', '10', '10', 'On target']);
    const alan = within(table).getByText('Alan Turing').closest('tr')!;
    expect(
      within(alan)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Alan TuringSV ID SV20', 'TL', '1', '10', '40', 'Under']);
  });
});
