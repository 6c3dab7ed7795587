import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettingsView } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, sentBodies } from '../../test/kit/fakeServer';
import { renderPage } from '../../test/kit/renderPage';
import { releasedSettings } from '../schedule/scheduleFixtures';
import NotificationsPage, { keyBytes } from './NotificationsPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

const view = (more: Partial<NotificationSettingsView> = {}): NotificationSettingsView => ({
  settings: { shiftChanges: true, swaps: true, reminders: true, reminderMinutes: 60, urgent: true, texts: false },
  push: { publicKey: 'BNc', devices: 0 },
  texts: { available: true, consented: false },
  ...more,
});

const open = () => renderPage(<NotificationsPage />, { path: '/notifications', settings: releasedSettings() });

beforeEach(() => vi.unstubAllGlobals());

describe('the notifications page', () => {
  it('shows each kind with its choice and saves a change at once', async () => {
    const fetchMock = fakeServer(() => releasedSettings().timeline, {
      'GET /notifications/settings': ok(view()),
      'PUT /notifications/settings': (body) => ok(view({ settings: body as unknown as NotificationSettingsView['settings'] })),
    });
    open();
    const reminders = await screen.findByRole('switch', { name: 'A reminder before each of my shifts' });
    expect(reminders).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Remind me before a shift' })).toHaveTextContent('One hour');
    await userEvent.click(reminders);
    await screen.findByRole('status');
    expect(sentBodies(fetchMock, 'PUT /notifications/settings')).toEqual([expect.objectContaining({ reminders: false, urgent: true })]);
    const lead = () => screen.getByRole('combobox', { name: 'Remind me before a shift' });
    await waitFor(() => expect(lead()).toHaveAttribute('aria-disabled', 'true'));
  });

  it('offers texts only with a phone number and consent, and says where to give them', async () => {
    fakeServer(() => releasedSettings().timeline, { 'GET /notifications/settings': ok(view()) });
    open();
    expect(await screen.findByRole('switch', { name: 'Urgent messages also as a text message' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
    // jsdom has no push: said plainly.
    expect(screen.getByText(/This browser cannot receive notifications/)).toBeInTheDocument();
  });

  it('says so when the portal sends no notifications or texts at all', async () => {
    fakeServer(() => releasedSettings().timeline, {
      'GET /notifications/settings': ok(view({ push: { publicKey: null, devices: 0 }, texts: { available: false, consented: false } })),
    });
    open();
    expect(await screen.findByText('This portal does not send notifications to phones.')).toBeInTheDocument();
    expect(screen.getByText('This portal does not send text messages.')).toBeInTheDocument();
  });

  it("reads the portal's VAPID key from base64url into bytes", () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
