import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { wizardValues } from '../applicationForm';
import { publicSettings } from '../testHarness';
import { TEAM_LEADER_DEADLINE_PASSED, TeamLeaderStep } from './TeamLeaderStep';

function renderStep({ firstTimer = false, afterTeamLeaderDeadline = false } = {}) {
  const values = { ...wizardValues(null), haveNotAttended: firstTimer, haveVolunteered: !firstTimer, yearsVolunteered: firstTimer ? [] : [2023] };
  render(
    <Formik initialValues={values} onSubmit={() => undefined}>
      <TeamLeaderStep settings={publicSettings()} afterTeamLeaderDeadline={afterTeamLeaderDeadline} />
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
});
