import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { auditApi } from './auditApi';

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the audit log's actions", () => {
  it('are read from GET /api/admin/audit/actions as the choices of its filter', async () => {
    const choices = [{ id: 'application.status', name: 'Application status changed' }];
    fetchMock.mockImplementation(() => answer(200, choices));
    expect(await auditApi.auditActions()).toEqual({ data: choices });
    expect(lastCall().url).toBe('/api/admin/audit/actions');
  });
});
