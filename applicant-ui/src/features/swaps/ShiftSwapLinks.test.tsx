import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ScheduleShift } from '../../api/types';
import { NOW, VENUES, shift } from '../schedule/scheduleFixtures';
import { ShiftSwapLinks } from './ShiftSwapLinks';
import { swapRequests } from './swapFixtures';

const ahead = shift(17, '2025-08-10 09:00', '2025-08-10 13:00', 'Runner', VENUES.registration);
const started = shift(11, '2025-08-09 08:00', '2025-08-09 12:00', 'Greeter', VENUES.registration);
const notSwappable = shift(18, '2025-08-11 14:00', '2025-08-11 18:00', 'Badge Check', VENUES.registration, { swappable: false });
const mine = [ahead, started, notSwappable];

function links(of: ScheduleShift, swapsEnabled: boolean) {
  const view = render(
    <MemoryRouter>
      <ShiftSwapLinks
        shift={of}
        ownShifts={mine}
        requests={swapsEnabled ? swapRequests() : null}
        now={new Date(NOW)}
        swapsEnabled={swapsEnabled}
      />
    </MemoryRouter>,
  );
  const found = screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
  view.unmount();
  return found;
}

describe("the shift modal's swap buttons", () => {
  it('are both always there while swapping online is switched off, leading to the pages that show the notice', () => {
    for (const of of mine) {
      expect(links(of, false)).toEqual([
        ['Swap Shift', `/schedule/swap/${of.id}/create`],
        ['Swap Requests', '/schedule/swap/list'],
      ]);
    }
  });

  it('offer Swap Shift only for a shift that can be swapped while it is on, with the count of requests involving it', () => {
    expect(links(ahead, true)).toEqual([
      ['Swap Shift', '/schedule/swap/17/create'],
      ['Swap Requests (1)', '/schedule/swap/list'],
    ]);
    expect(links(started, true)).toEqual([['Swap Requests (0)', '/schedule/swap/list']]);
    expect(links(notSwappable, true)).toEqual([['Swap Requests (0)', '/schedule/swap/list']]);
  });
});
