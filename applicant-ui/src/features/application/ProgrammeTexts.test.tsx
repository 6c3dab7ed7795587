import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TIMELINE_KEYS, type Timeline } from '@svp/domain';
import { FakeSettingsContext } from '../../test/kit/fakeContexts';
import { TEST_EDITION, publicSettings } from '../../test/kit/settings';
import { EligibilityNote, Responsibilities } from './ProgrammeTexts';

vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

/** An edition a year after the test edition, closing at 23:59 UTC: every date on the page must follow it. */
const NEXT_TIMELINE = Object.fromEntries(
  TIMELINE_KEYS.map((key, i) => [key, new Date(Date.UTC(2026, 10 + i, 15, 23, 59)).toISOString()]),
) as unknown as Timeline;
const NEXT_EDITION = publicSettings(NEXT_TIMELINE, Date.UTC(2026, 10, 1), {
  conference: {
    ...TEST_EDITION.conference,
    name: 'SIGGRAPH 2027',
    firstShiftDay: '2027-07-30',
    startDate: '2027-07-31',
    endDate: '2027-08-05',
    defaultScheduleDay: '2027-07-30',
  },
});

function renderWith(ui: React.ReactNode) {
  return render(
    <FakeSettingsContext.Provider value={{ settings: NEXT_EDITION, serverNow: () => Date.now(), refresh: async () => undefined }}>
      {ui}
    </FakeSettingsContext.Provider>,
  );
}

describe("the programme texts follow the edition's settings", () => {
  it('states who can apply with the edition’s dates', () => {
    renderWith(<EligibilityNote />);
    const note = screen.getByTestId('eligibility-note');
    expect(note).toHaveTextContent('between May 2026 and September 2027.');
    expect(note).toHaveTextContent('Aged 18 or older by 30 July 2027.');
    expect(note).not.toHaveTextContent('2025');
  });

  it('gives the service days, the passport dates and the real closing time of the deadlines', () => {
    renderWith(<Responsibilities settings={NEXT_EDITION} />);
    expect(
      screen.getByText(
        /^Service dates are 31 July to 5 August 2027\. You must stay until 6PM on 5 August, the last day\. Pre-conference shifts may start on Friday 30 July\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/passport must be valid through at least September 2027, or be acquired by 1 July 2027\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Deadlines close at 23:59 UTC: Team Leader applications on 15 December 2026 at 23:59 UTC, all applications on 15 January ' +
          '2027 at 23:59 UTC. Late submissions are never accepted.',
      ),
    ).toBeInTheDocument();
  });
});
