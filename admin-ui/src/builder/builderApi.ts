import { adminCall, post } from '../common/http';
import type { BuildRequest, ScheduleBuild } from './types';

/** The schedule builder's calls (its part of the panel's data provider): /api/admin/schedule-builds. */
export interface BuilderApi {
  /** POST /api/admin/schedule-builds: starts a build in the background (409 BUILD_RUNNING while one runs on any server). */
  startScheduleBuild(request: BuildRequest): Promise<{ data: ScheduleBuild }>;
  /** GET /api/admin/schedule-builds/{id}: its progress, and its preview once built. */
  scheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/apply: writes the preview all or nothing (409 SCHEDULE_CHANGED when the schedule moved since). */
  applyScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/undo: restores the assignments as they were before the apply (the latest applied build only). */
  undoScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/discard: drops a preview. */
  discardScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
}

export const builderApi: BuilderApi = {
  startScheduleBuild: (request) =>
    adminCall<ScheduleBuild>('/schedule-builds', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
  scheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}`).then((data) => ({ data })),
  applyScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/apply`, post).then((data) => ({ data })),
  undoScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/undo`, post).then((data) => ({ data })),
  discardScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/discard`, post).then((data) => ({ data })),
};
