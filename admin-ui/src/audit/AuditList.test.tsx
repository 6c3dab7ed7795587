// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';

vi.setConfig({ testTimeout: 20_000 });

const statusChange = {
  id: 21,
  createdAt: '2026-03-15T12:00:00.000Z',
  actorId: 1,
  actorEmail: 'chair@example.org',
  actorName: 'Chiara Président',
  action: 'application.status',
  entity: 'application',
  entityId: '12',
  before: { state: 'pending', tag: null },
  after: { state: 'waitlisted', tag: null, reason: 'admin' },
  references: { users: { 1: 'Chiara Président' }, applications: { 12: 'Grace Hopper' }, venues: {}, shifts: {} },
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/audit': () => json([statusChange], 200, { 'Content-Range': 'audit 0-0/1' }),
    'GET /api/admin/audit/actions': () => json([{ id: 'application.status', name: 'application.status' }]),
    'GET /api/admin/audit/21': () => json(statusChange),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const openAt = (path: string) => {
  window.history.pushState({}, '', `/admin${path}`);
  render(<App />);
};

describe('the audit log', () => {
  it('says who changed what in words: names, not emails, ids or JSON', async () => {
    openAt('/audit');
    const row = (await screen.findByText('Chiara Président')).closest('tr')!;
    expect(within(row).getByText('Changed the processing status: Application of Grace Hopper')).toBeTruthy();
    expect(within(row).getByRole('list', { name: 'Changes' }).textContent).toBe(
      'Processing status: Pending → WaitlistedWhy: Set by an administrator',
    );
    expect(row.textContent).not.toMatch(/chair@example\.org|\{|"state"|application 12/);
  });

  it('shows one entry in words, with the record as it was kept behind Details', async () => {
    const user = userEvent.setup();
    openAt('/audit/21/show');
    expect(await screen.findByText('Chiara Président (chair@example.org)')).toBeTruthy();
    expect(screen.getByText('Application of Grace Hopper')).toBeTruthy();
    const details = screen.getByRole('button', { name: 'Details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/"state": "waitlisted"/)).toBeTruthy();
  });
});
