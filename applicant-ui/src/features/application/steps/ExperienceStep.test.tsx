import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { previousVolunteerYears } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { TEST_EDITION } from '../../../test/kit/settings';
import { type WizardValues, wizardValues, withRecordedYears } from '../applicationForm';
import { ExperienceStep } from './ExperienceStep';

function renderStep({ recordedYears = [] as number[] } = {}) {
  let values: WizardValues = wizardValues(null);
  const initialValues = withRecordedYears(wizardValues(null), recordedYears);
  render(
    <Formik initialValues={initialValues} onSubmit={() => undefined}>
      {(formik) => {
        values = formik.values;
        return <ExperienceStep volunteerYears={previousVolunteerYears(TEST_EDITION.conference)} recordedYears={recordedYears} />;
      }}
    </Formik>,
  );
  return { values: () => values };
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const OTHERS = [
  'Attended SIGGRAPH (North America)',
  'Attended SIGGRAPH Asia',
  'Volunteered at SIGGRAPH (North America)',
  'Volunteered at SIGGRAPH Asia',
];
const FIRST = 'This is my first SIGGRAPH conference';

describe('ExperienceStep', () => {
  it("disables the other four boxes while 'first conference' is ticked, and frees them again", async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(box(FIRST));
    for (const name of OTHERS) expect(box(name)).toBeDisabled();
    await user.click(box(FIRST));
    for (const name of OTHERS) expect(box(name)).toBeEnabled();
  });

  it("disables 'first conference' while any attended or volunteered box is ticked", async () => {
    const user = userEvent.setup();
    renderStep();
    for (const name of OTHERS) {
      await user.click(box(name));
      expect(box(FIRST)).toBeDisabled();
      await user.click(box(name));
      expect(box(FIRST)).toBeEnabled();
    }
  });

  it('asks for the years of each volunteered box', async () => {
    const user = userEvent.setup();
    renderStep();
    expect(screen.queryByLabelText('Years Volunteered (North America)')).not.toBeInTheDocument();
    await user.click(box('Volunteered at SIGGRAPH (North America)'));
    await user.click(screen.getByLabelText('Years Volunteered (North America)'));
    // The years before the edition's own (2025 in the tests), down to 2001.
    const years = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect([years[0], years.at(-1), years.length]).toEqual(['2024', '2001', 24]);
    await user.click(screen.getByRole('option', { name: '2019' }));
    expect(screen.getByRole('button', { name: '2019' })).toBeInTheDocument();
    await user.click(box('Volunteered at SIGGRAPH Asia'));
    expect(screen.getByLabelText('Years Volunteered (Asia)')).toBeInTheDocument();
  });

  it('keeps the years list open for several picks, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(box('Volunteered at SIGGRAPH (North America)'));
    await user.click(screen.getByLabelText('Years Volunteered (North America)'));
    await user.click(await screen.findByRole('option', { name: '2019' }));
    await user.click(screen.getByRole('option', { name: '2018' }));
    await user.click(screen.getByRole('option', { name: '2016' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    for (const year of ['2019', '2018', '2016']) expect(screen.getByRole('button', { name: year })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '2018' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("keeps the years of the portal's records ticked, notes where they come from, and lets other years be added and removed", async () => {
    const user = userEvent.setup();
    const form = renderStep({ recordedYears: [2023, 2021] });
    expect(box('Volunteered at SIGGRAPH (North America)')).toBeChecked();
    expect(box('Volunteered at SIGGRAPH (North America)')).toBeDisabled();
    expect(
      screen.getByText("From the portal's records: 2023, 2021. Add any other year you volunteered in North America."),
    ).toBeInTheDocument();

    const years = screen.getByLabelText('Years Volunteered (North America)');
    await user.click(years);
    expect(screen.getByRole('option', { name: '2023' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: '2019' }));
    expect(form.values().yearsVolunteered).toEqual([2023, 2021, 2019]);
    // Backspace removes the last year added, never a year on record.
    await user.keyboard('{Escape}{Backspace}');
    expect(form.values().yearsVolunteered).toEqual([2023, 2021]);
    await user.keyboard('{Backspace}');
    expect(form.values().yearsVolunteered).toEqual([2023, 2021]);
    expect(screen.getByText('2021')).toBeInTheDocument();
  });
});
