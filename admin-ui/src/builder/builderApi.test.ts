import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { builderApi } from './builderApi';

// The schedule builder's calls against a stubbed fetch: addresses, methods, the build answered, the server's refusal.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

const build = { id: 4, status: 'built' };

describe("the schedule builder's calls", () => {
  it('starts a build with POST /api/admin/schedule-builds and its scope', async () => {
    fetchMock.mockImplementation(() => answer(202, { success: true, data: { id: 4, status: 'running' } }));
    const request = { scope: { days: ['2026-08-10'] } } as never;
    expect(await builderApi.startScheduleBuild(request)).toEqual({ data: { id: 4, status: 'running' } });
    expect(lastCall()).toEqual({ url: '/api/admin/schedule-builds', method: 'POST', body: request });
  });

  it('reads a build, and applies, undoes and discards it with a POST each', async () => {
    fetchMock.mockImplementation(() => answer(200, build));
    expect(await builderApi.scheduleBuild(4)).toEqual({ data: build });
    expect(lastCall()).toMatchObject({ url: '/api/admin/schedule-builds/4', method: undefined });
    for (const [call, action] of [
      [builderApi.applyScheduleBuild, 'apply'],
      [builderApi.undoScheduleBuild, 'undo'],
      [builderApi.discardScheduleBuild, 'discard'],
    ] as const) {
      expect(await call(4)).toEqual({ data: build });
      expect(lastCall()).toMatchObject({ url: `/api/admin/schedule-builds/4/${action}`, method: 'POST' });
    }
  });

  it("rejects with the server's message and code when the schedule moved since the preview (409)", async () => {
    const refusal = { message: 'The schedule changed since this preview.', err: 'SCHEDULE_CHANGED' };
    fetchMock.mockImplementation(() => answer(409, refusal));
    await expect(builderApi.applyScheduleBuild(4)).rejects.toMatchObject({ status: 409, message: refusal.message, body: refusal });
  });
});
