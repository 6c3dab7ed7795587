// @vitest-environment jsdom
import { jsonResponse, stubFetch } from '@svp/ui-test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';

const { fetchMock } = stubFetch();

/** A JWT with these claims (unsigned: the panel only reads it). */
function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockResolvedValue(jsonResponse(200, { success: true, data: { message: 'You are signed out.' } }));
});

describe('authProvider.logout', () => {
  it('forgets the token and ends the session on the server, so a copy of the token stops working', async () => {
    const token = fakeJwt({ sub: 1, admin: true, exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem('svp.admin.token', token);
    await authProvider.logout({});
    expect(localStorage.getItem('svp.admin.token')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  });

  it('still signs out here when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    localStorage.setItem('svp.admin.token', fakeJwt({ sub: 1, admin: true, exp: Math.floor(Date.now() / 1000) + 3600 }));
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(localStorage.getItem('svp.admin.token')).toBeNull();
  });

  it('calls nobody for a token that has run out, or none at all', async () => {
    localStorage.setItem('svp.admin.token', fakeJwt({ sub: 1, admin: true, exp: Math.floor(Date.now() / 1000) - 1 }));
    await authProvider.logout({});
    await authProvider.logout({});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
