import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { previousVolunteerYears } from '@svp/domain';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { TEST_EDITION } from '../../test/kit/settings';
import { StepContent } from './StepContent';
import { type WizardValues, wizardValues } from './applicationForm';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

const years = { graduation: [2026, 2027, 2028], volunteered: previousVolunteerYears(TEST_EDITION.conference) };

function openStep(step: number, values: Partial<WizardValues> = {}) {
  renderPage(
    <Formik initialValues={{ ...wizardValues(null), ...values }} onSubmit={() => undefined}>
      <StepContent
        step={step}
        years={years}
        profile={profileUser()}
        proof={null}
        onProofChange={() => undefined}
        afterTeamLeaderDeadline={false}
        portalYears={null}
        problems={null}
      />
    </Formik>,
    { path: '/application' },
  );
}

/** The labels (legends, headings) of questions reading `text`, with or without the asterisk. */
function labelsOf(text: string): Element[] {
  return [...document.querySelectorAll('.MuiFormLabel-root, .MuiFormControlLabel-root, h3')].filter(
    (label) => (label.textContent ?? '').replace(/[\s\u2009]*\*$/, '') === text,
  );
}

/** Whether the label of a question carries the asterisk the profile's required fields carry. */
function marked(text: string): boolean {
  const labels = labelsOf(text);
  expect(labels, `one label '${text}'`).toHaveLength(1);
  return /\*$/.test(labels[0]!.textContent ?? '');
}

describe('required answers in the application steps', () => {
  it('marks every school question and the proof of enrollment', () => {
    openStep(1);
    for (const label of [
      'School Name',
      'City',
      'State / Province',
      'Country',
      'Expected Graduation Month',
      'Expected Graduation Year',
      'Proof of Enrollment',
    ]) {
      expect(marked(label), label).toBe(true);
    }
    expect(screen.getByRole('textbox', { name: 'School Name' })).toBeRequired();
  });

  it('marks the four questions of each reference', () => {
    openStep(2);
    for (const label of ['Type of Reference', 'First Name', 'Last Name', 'Email']) {
      expect(
        labelsOf(label).map((l) => /\*$/.test(l.textContent ?? '')),
        label,
      ).toEqual([true, true]);
    }
  });

  it('marks the experience question as a whole, and the years once a volunteered box is ticked', async () => {
    const user = userEvent.setup();
    openStep(3);
    expect(marked('Tick every box that applies to you.')).toBe(true);
    expect(marked('Attended SIGGRAPH (North America)')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Volunteered at SIGGRAPH (North America)' }));
    expect(marked('Years Volunteered (North America)')).toBe(true);
  });

  it('marks the three essays', () => {
    openStep(4);
    expect(screen.getAllByRole('textbox', { name: 'Your answer' }).map((box) => (box as HTMLTextAreaElement).required)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('marks the Team Leader essays only for a Team Leader applicant, never the opt-in', () => {
    openStep(5, { haveVolunteered: true, yearsVolunteered: [2023], teamLeader: true });
    expect(marked('I would like to apply to be a Team Leader')).toBe(false);
    expect(screen.getAllByRole('textbox', { name: 'Your answer' }).map((box) => (box as HTMLTextAreaElement).required)).toEqual([
      true,
      true,
    ]);
  });

  it(
    'marks the financial questions once applied for, the airport code only when flying and ' + 'the other transport only for other',
    async () => {
      const user = userEvent.setup();
      openStep(6, { financialAid: true, primaryTransport: 'plane' });
      expect(marked('I would like to apply for financial aid')).toBe(false);
      for (const label of [
        'Financial Aid Summary',
        'Itemized Expenses',
        'Total Estimated Travel Cost',
        'Primary Transportation',
        'Airport Code',
      ]) {
        expect(marked(label), label).toBe(true);
      }
      expect(marked('Which of these describe your situation? (optional)')).toBe(false);
      expect(marked('Part or all of my travel is already funded by another source (for example my school or employer)')).toBe(false);

      await user.click(screen.getByRole('combobox', { name: /Primary Transportation/ }));
      await user.click(screen.getByRole('option', { name: /Other/ }));
      expect(screen.queryByRole('textbox', { name: /Airport Code/ })).not.toBeInTheDocument();
      expect(marked('How will you travel?')).toBe(true);
    },
  );

  it('marks the three agreements on the last step, not the additional comments', () => {
    openStep(7);
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).required)).toEqual([true, true, true]);
    expect(marked('Anything else you would like us to know (optional)')).toBe(false);
  });
});
