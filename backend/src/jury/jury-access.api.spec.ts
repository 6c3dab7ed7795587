import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const IN_JURY = '2026-04-20T12:00:00.000Z';

describe('who may call the /api/jury routes', () => {
  let t: TestApp;
  let volunteer: CreatedUser;
  let teamLeader: CreatedUser;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ now: IN_JURY });
    volunteer = await t.factories.applicant();
    await t.factories.application(volunteer.user);
    teamLeader = await t.factories.teamLeader();
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const score = { tl_id: 1, sv_id: 2, essay1: 3, essay2: 3, essay3: 3, overall: 1, red_flag: 0 };
  const routes = () => [
    { method: 'post', path: '/api/jury/assign-jury', body: { TLsPerApp: 3 }, who: 'admin' },
    { method: 'get', path: '/api/jury/preview?TLsPerApp=3', who: 'admin' },
    { method: 'get', path: '/api/jury/statistics', who: 'admin' },
    { method: 'get', path: `/api/jury/tl-assignments/${volunteer.user.id}`, who: 'Team-Leader' },
    { method: 'post', path: '/api/jury/score', body: { ...score, tl_id: volunteer.user.id }, who: 'Team-Leader' },
    { method: 'post', path: '/api/jury/score/1', body: { ...score, tl_id: volunteer.user.id }, who: 'Team-Leader' },
  ];
  const call = (route: { method: string; path: string; body?: object }, auth?: string) => {
    const request =
      route.method === 'get'
        ? t.http().get(route.path)
        : t
            .http()
            .post(route.path)
            .send(route.body ?? {});
    return auth ? request.set('Authorization', auth) : request;
  };

  it('answers 401 to anonymous callers on every route', async () => {
    for (const route of routes()) {
      const res = await call(route);
      expect([route.path, res.status]).toEqual([route.path, 401]);
      expect(res.body).toEqual({ success: false, data: { message: 'Please sign in to continue.', err: 'UNAUTHENTICATED' } });
    }
  });

  it('answers 403 to a volunteer on every route', async () => {
    for (const route of routes()) {
      const res = await call(route, volunteer.auth);
      expect([route.path, res.status, res.body.data?.err]).toEqual([route.path, 403, 'FORBIDDEN']);
    }
  });

  it('keeps administrators and team leaders to their own side', async () => {
    for (const route of routes()) {
      const caller = route.who === 'admin' ? teamLeader : admin;
      const res = await call(route, caller.auth);
      expect([route.path, res.status]).toEqual([route.path, 403]);
    }
  });
});
