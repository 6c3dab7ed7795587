import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { openSettings } from '../../../test/kit/settings';
import { type WizardValues, wizardValues } from '../applicationForm';
import { TEAM_LEADER_DEADLINE_PASSED, TeamLeaderStep } from './TeamLeaderStep';

function renderStep({
  firstTimer = false,
  afterTeamLeaderDeadline = false,
  portalYears = null as readonly number[] | null,
  answers = {} as Partial<WizardValues>,
  editionKey = openSettings().edition.key,
} = {}) {
  const values = {
    ...wizardValues(null),
    haveNotAttended: firstTimer,
    haveVolunteered: !firstTimer,
    yearsVolunteered: firstTimer ? [] : [2023],
    ...answers,
  };
  const settings = { ...openSettings(), edition: { ...openSettings().edition, key: editionKey } };
  render(
    <Formik initialValues={values} onSubmit={() => undefined}>
      <TeamLeaderStep settings={settings} afterTeamLeaderDeadline={afterTeamLeaderDeadline} portalYears={portalYears} />
    </Formik>,
  );
}

const optIn = () => screen.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' });

describe('TeamLeaderStep', () => {
  it('lets a returning volunteer opt in before the deadline, and then asks the two essays', async () => {
    const user = userEvent.setup();
    renderStep();
    expect(optIn()).toBeEnabled();
    expect(screen.queryByText(TEAM_LEADER_DEADLINE_PASSED)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team Leader Essay 1: Interest and Motivation' })).not.toBeInTheDocument();
    await user.click(optIn());
    expect(screen.getByRole('heading', { name: 'Team Leader Essay 1: Interest and Motivation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Team Leader Essay 2: Leadership Experience' })).toBeInTheDocument();
    expect(screen.getAllByText('300 words remaining')).toHaveLength(2);
  });

  it('is closed to first-timers', () => {
    renderStep({ firstTimer: true });
    expect(optIn()).toBeDisabled();
    expect(screen.getByText(/first SIGGRAPH conference, so you cannot apply to be a Team Leader/)).toBeInTheDocument();
  });

  it('is closed after the Team Leader deadline, and says so', () => {
    renderStep({ afterTeamLeaderDeadline: true });
    expect(optIn()).toBeDisabled();
    expect(screen.getByText(TEAM_LEADER_DEADLINE_PASSED)).toBeInTheDocument();
  });

  describe("the rule of one prior year (the tests' edition is 2025)", () => {
    const RULE = 'Team leaders need at least 1 year of prior SV experience. Tick the years you volunteered on the SIGGRAPH Experience tab.';
    const noYears = { haveVolunteered: false, haveAttended: true, yearsVolunteered: [] };

    it('states it, with where to tick the years, once an applicant without any earlier year opts in', async () => {
      const user = userEvent.setup();
      renderStep({ portalYears: [], answers: noYears });
      expect(screen.queryByText(RULE)).not.toBeInTheDocument();
      await user.click(optIn());
      expect(screen.getByRole('alert')).toHaveTextContent(RULE);
      // Opting out again takes it away.
      await user.click(optIn());
      expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    });

    it('says nothing more to an applicant with a declared year: the organisers check it', async () => {
      const user = userEvent.setup();
      renderStep({ portalYears: [], answers: { ...noYears, haveVolunteeredAsia: true, yearsVolunteeredAsia: [2019] } });
      await user.click(optIn());
      expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    });

    it("says nothing more to one with a year on the portal's records", async () => {
      const user = userEvent.setup();
      renderStep({ portalYears: [2024], answers: noYears });
      await user.click(optIn());
      expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    });

    it("counts only the years before the edition's own, as its key names it", async () => {
      const user = userEvent.setup();
      renderStep({ portalYears: [2024], answers: noYears, editionKey: '2024' });
      await user.click(optIn());
      expect(screen.getByRole('alert')).toHaveTextContent(RULE);
    });

    it("says nothing while the portal's records are not known (the server still checks)", async () => {
      const user = userEvent.setup();
      renderStep({ portalYears: null, answers: noYears });
      await user.click(optIn());
      expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    });
  });
});
