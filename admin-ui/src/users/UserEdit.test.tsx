// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';

const OWN_ADMIN_RIGHTS = 'You cannot remove your own administrator rights.';

const user = (id: number, firstName: string) => ({
  id,
  email: `${firstName.toLowerCase()}@example.org`,
  firstName,
  lastName: 'Tester',
  svid: `SV${id}`,
  username: `user-${id}`,
  role: 'Student-Volunteer',
  isAdmin: true,
  verified: true,
  profileComplete: true,
  createdAt: '2026-03-01T10:00:00.000Z',
});

beforeEach(() => {
  localStorage.clear();
  // The signed-in administrator is user 1.
  localStorage.setItem('svp.admin.token', adminToken());
  fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/users/1': () => json(user(1, 'Chair')),
    'GET /api/admin/users/2': () => json(user(2, 'Other')),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const openUser = async (id: number) => {
  window.history.pushState({}, '', `/admin/users/${id}`);
  render(<App />);
  return (await screen.findByRole('switch', { name: 'Administrator' })) as HTMLInputElement;
};

describe('the administrator switch of a user', () => {
  it("on the administrator's own record: locked on, and says why", async () => {
    const adminSwitch = await openUser(1);
    expect(adminSwitch.checked).toBe(true);
    expect(adminSwitch.disabled).toBe(true);
    expect(screen.getByText(OWN_ADMIN_RIGHTS)).toBeTruthy();
  });

  it("on someone else's record: free, without that sentence", async () => {
    const adminSwitch = await openUser(2);
    expect(adminSwitch.checked).toBe(true);
    expect(adminSwitch.disabled).toBe(false);
    expect(screen.queryByText(OWN_ADMIN_RIGHTS)).toBeNull();
  });
});
