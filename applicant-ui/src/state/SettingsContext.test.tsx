import { render, screen } from '@testing-library/react';
import { timelineWithPassed } from '@svp/domain';
import { stubFetch } from '@svp/ui-test-kit';
import { describe, expect, it } from 'vitest';
import { publicSettings } from '../test/kit/settings';
import { SettingsProvider, loadSettingsFirst, useSettings } from './SettingsContext';

// main.tsx reads the settings before it draws the app, so that the first drawing is the page, not a spinner.

const { fetchMock, answer } = stubFetch();
const NOW = Date.parse('2026-03-01T12:00:00Z');

function ContactEmail() {
  const { settings, serverNow } = useSettings();
  return (
    <p>
      {settings.contactEmail} at {new Date(serverNow()).getUTCFullYear()}
    </p>
  );
}

describe('the settings read before the app is drawn', () => {
  it('answers the settings and the offset of the server clock', async () => {
    const settings = publicSettings(timelineWithPassed(1, NOW), Date.now() + 60_000);
    fetchMock.mockImplementation(() => answer(200, { success: true, data: settings }));

    const first = await loadSettingsFirst();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/settings');
    expect(first?.settings).toEqual(settings);
    expect(first?.offset).toBeGreaterThan(55_000);
    expect(first?.offset).toBeLessThanOrEqual(60_000);
  });

  it('answers null when the server cannot be reached, so that the provider asks again', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await loadSettingsFirst()).toBeNull();
  });

  it('draws the page at once from them, without a loading indicator or a second request', () => {
    const settings = publicSettings(timelineWithPassed(1, NOW), NOW);
    render(
      <SettingsProvider first={{ settings, offset: NOW - Date.now() }}>
        <ContactEmail />
      </SettingsProvider>,
    );

    expect(screen.getByText(`${settings.contactEmail} at 2026`)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server itself when they could not be read first', async () => {
    const settings = publicSettings(timelineWithPassed(1, NOW), NOW);
    fetchMock.mockImplementation(() => answer(200, { success: true, data: settings }));
    render(
      <SettingsProvider first={null}>
        <ContactEmail />
      </SettingsProvider>,
    );

    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText(`${settings.contactEmail} at 2026`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
