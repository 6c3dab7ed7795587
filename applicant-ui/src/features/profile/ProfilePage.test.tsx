import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ProfileUser } from '../../api/types';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { ProfilePage } from './ProfilePage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { updateProfile: vi.fn() } }));
// The "My data" panel below the form has tests of its own (MyDataPanel.test.tsx).
vi.mock('./myDataApi', () => ({
  myData: vi.fn(async () => ({ consents: [], exports: [], validDays: 7 })),
  requestMyData: vi.fn(),
  downloadMyData: vi.fn(),
}));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const scrollTo = vi.fn();

function profilePage(profile: ProfileUser) {
  return renderPage(<ProfilePage />, { path: '/profile', settings: publicSettings(timelineWithPassed(1, NOW), NOW), now: NOW, profile });
}

// A profile just after registration: names and email only.
const fresh = profileUser({
  birthdate: '',
  gender: [],
  disability: '',
  address: { address1: '', address2: '', city: '', region: '', country: '', postal_code: '' },
  languages: [],
  phone_number: '',
  can_text: false,
  profile_complete: false,
});

beforeEach(() => {
  vi.clearAllMocks();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

const updateButton = () => screen.getByRole('button', { name: 'Update Profile' });

describe('ProfilePage', () => {
  it('is titled with the SV ID and offers the way back to the dashboard', () => {
    profilePage(profileUser());
    expect(screen.getByRole('heading', { level: 1, name: 'Profile · ABCD2345' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByLabelText(/Legal first name/)).toHaveValue('Ana');
    expect(screen.getByLabelText(/Country/)).toHaveValue('Canada');
  });

  it('offers the download of everything the portal holds about the person, below the form', async () => {
    profilePage(profileUser());
    const panel = screen.getByTestId('my-data');
    expect(within(panel).getByRole('heading', { level: 2, name: 'My data' })).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Prepare my data' })).toBeEnabled();
  });

  it("says 'Please fill in all required fields', scrolls to the top and sends nothing when required fields are empty", async () => {
    profilePage(fresh);
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Please fill in all required fields');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(endpoints.updateProfile).not.toHaveBeenCalled();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('Pronouns is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
  });

  it('requires the type of disability only when the answer is yes', async () => {
    profilePage(profileUser());
    expect(screen.queryByLabelText(/Type of disability/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const type = screen.getByLabelText(/Type of disability/);
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByText('Type of disability is required')).toBeInTheDocument();
    expect(endpoints.updateProfile).not.toHaveBeenCalled();

    vi.mocked(endpoints.updateProfile).mockResolvedValue({
      message: 'Profile Updated',
      user: profileUser({ disability: 'yes', disability_type: 'Low vision' }),
      email_changed: false,
    });
    await userEvent.type(type, 'Low vision');
    await userEvent.click(updateButton());
    await waitFor(() => expect(endpoints.updateProfile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(endpoints.updateProfile).mock.calls[0]![0]).toMatchObject({ disability: 'yes', disability_type: 'Low vision' });
  });

  it('does not send a type of disability once the answer is back to no', async () => {
    vi.mocked(endpoints.updateProfile).mockResolvedValue({ message: 'Profile Updated', user: profileUser(), email_changed: false });
    profilePage(profileUser({ disability: 'yes', disability_type: 'Low vision' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Type of disability/)).not.toBeInTheDocument();
    await userEvent.click(updateButton());
    await waitFor(() => expect(endpoints.updateProfile).toHaveBeenCalled());
    expect(vi.mocked(endpoints.updateProfile).mock.calls[0]![0]).toMatchObject({ disability: 'no', disability_type: '' });
  });

  it("checks the phone number's international code with the domain rule", async () => {
    profilePage(profileUser({ phone_number: '604 555 0100' }));
    await userEvent.click(updateButton());
    expect(await screen.findByText(/Phone number must start with \+/)).toBeInTheDocument();
    expect(endpoints.updateProfile).not.toHaveBeenCalled();
  });

  it("shows a free text for other pronouns when 'Other' is ticked", async () => {
    profilePage(profileUser());
    expect(screen.queryByLabelText('Other pronouns')).not.toBeInTheDocument();
    const pronouns = screen.getByRole('group', { name: /Pronouns/ });
    await userEvent.click(within(pronouns).getByRole('checkbox', { name: 'Other' }));
    expect(screen.getByLabelText('Other pronouns')).toBeInTheDocument();
  });

  it("sends the whole profile with the server's names, says 'Profile Updated' and keeps the answer's user", async () => {
    const saved = profileUser({ nickname: 'Annie' });
    vi.mocked(endpoints.updateProfile).mockResolvedValue({ message: 'Profile Updated', user: saved, email_changed: false });
    const { spies } = profilePage(profileUser());
    await userEvent.type(screen.getByLabelText(/Name, if different/), 'Annie');
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Profile Updated');
    expect(endpoints.updateProfile).toHaveBeenCalledWith({
      sv_id: 'ABCD2345',
      given_name: 'Ana',
      family_name: 'Lopez',
      nickname: 'Annie',
      email: 'ana@example.org',
      birthdate: '2001-04-05',
      gender: ['she/her'],
      gender_identity: '',
      underrepresented: [],
      underrepresented_group: '',
      disability: 'no',
      disability_type: '',
      address: { address1: '1 Main St', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
      languages: ['English'],
      phone_number: '+1 604 555 0100',
      can_text: true,
      can_call: false,
    });
    expect(spies.setProfile).toHaveBeenCalledWith(saved);
    expect(updateButton()).toBeEnabled();
  });

  it("says 'Saving...' while the update is on its way", async () => {
    let finish!: () => void;
    vi.mocked(endpoints.updateProfile).mockReturnValue(
      new Promise((resolve) => (finish = () => resolve({ message: 'Profile Updated', user: profileUser(), email_changed: false }))),
    );
    profilePage(profileUser());
    await userEvent.click(updateButton());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it('asks for the current password before an email change, and sends it with the new address', async () => {
    profilePage(profileUser());
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.org');
    const password = screen.getByLabelText(/Current password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(updateButton());
    expect(await screen.findByText('Enter your current password to change your email address.')).toBeInTheDocument();
    expect(endpoints.updateProfile).not.toHaveBeenCalled();

    vi.mocked(endpoints.updateProfile).mockRejectedValue(
      new ApiError(400, 'CURRENT_PASSWORD_WRONG', 'That is not your current password.', {
        current_password: 'That is not your current password.',
      }),
    );
    await userEvent.type(password, 'my-password');
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('That is not your current password.');
    expect(screen.getAllByText('That is not your current password.')).toHaveLength(2);
    expect(endpoints.updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'new@example.org', current_password: 'my-password' }),
    );
  });

  it('signs the user out after an email change and asks them to confirm the new address', async () => {
    vi.mocked(endpoints.updateProfile).mockResolvedValue({
      message: 'Profile Updated',
      user: profileUser({ email: 'new@example.org' }),
      email_changed: true,
    });
    const { spies } = profilePage(profileUser());
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.org');
    await userEvent.type(screen.getByLabelText(/Current password/), 'my-password');
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(
      /sign in again and confirm your new address with the code we emailed/,
    );
    expect(spies.logout).toHaveBeenCalled();
    // The sign-out re-renders the routes; the home page's location shows once they settle.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("shows the server's refusal on the field it names", async () => {
    vi.mocked(endpoints.updateProfile).mockRejectedValue(
      new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      }),
    );
    profilePage(profileUser());
    await userEvent.click(updateButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(2);
  });
});
