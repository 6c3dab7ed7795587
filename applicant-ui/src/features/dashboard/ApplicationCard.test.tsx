import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '../../api/types';
import { applicationRecord } from '../../test/kit/records';
import { theme } from '../../theme';
import { ApplicationCard } from './ApplicationCard';

const DEADLINE = '2026-02-28T22:00:00.000Z';

function card(application: ApplicationRecord | 'none', profile: { profile_complete: boolean; missing_fields: string[] }) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <ApplicationCard application={application} profile={profile} applicationEndDate={DEADLINE} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const complete = { profile_complete: true, missing_fields: [] };
const incomplete = { profile_complete: false, missing_fields: ['birthdate', 'address.city'] };

describe('ApplicationCard', () => {
  it('offers Start Application when there is no application yet, at 0%', () => {
    card('none', complete);
    expect(screen.getByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/application');
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows an empty bar at 0%: a grey track, not a tint of the bar colour that reads as full', () => {
    card('none', complete);
    const bar = screen.getByRole('progressbar', { name: 'Application progress' });
    expect(getComputedStyle(bar).backgroundColor).toBe('rgb(224, 224, 224)');
    expect(getComputedStyle(bar.firstElementChild!).visibility).toBe('hidden');
  });

  it('draws the bar itself once there is progress', () => {
    card(applicationRecord({ progress: 40 }), complete);
    const bar = screen.getByRole('progressbar', { name: 'Application progress' });
    expect(getComputedStyle(bar.firstElementChild!).visibility).not.toBe('hidden');
    expect(getComputedStyle(bar.firstElementChild!).transform).toBe('translateX(-60%)');
  });

  it("offers Continue Application for an application in progress, with the API's progress", () => {
    card(applicationRecord({ progress: 62.5 }), complete);
    expect(screen.getByRole('link', { name: 'Continue Application' })).toHaveAttribute('href', '/application');
    expect(screen.getByText('63% complete')).toBeInTheDocument();
  });

  it('sends an incomplete profile to Update Profile instead, saying what is missing', () => {
    card(applicationRecord(), incomplete);
    expect(screen.getByRole('link', { name: 'Update Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Continue Application' })).not.toBeInTheDocument();
    expect(screen.getByText(/please complete your profile: Date of birth, City are still missing/)).toBeInTheDocument();
  });

  it('asks for the profile before starting, too', () => {
    card('none', incomplete);
    expect(screen.getByRole('link', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Application' })).not.toBeInTheDocument();
  });

  it('gives the application deadline in UTC', () => {
    card('none', complete);
    expect(screen.getByText(/Applications close on 28 February 2026 at 22:00 UTC/)).toBeInTheDocument();
  });
});
