import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { previousVolunteerYears } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { TEST_EDITION } from '../../../test/fixtures';
import { wizardValues } from '../applicationForm';
import { ExperienceStep } from './ExperienceStep';

function renderStep() {
  render(
    <Formik initialValues={wizardValues(null)} onSubmit={() => undefined}>
      <ExperienceStep volunteerYears={previousVolunteerYears(TEST_EDITION.conference)} />
    </Formik>,
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const OTHERS = ['Attended SIGGRAPH (North America)', 'Attended SIGGRAPH Asia', 'Volunteered at SIGGRAPH (North America)', 'Volunteered at SIGGRAPH Asia'];
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
});
