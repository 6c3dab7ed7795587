// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { emptyApplicationData } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App';
import { closePanel, openPanel, requestsTo } from '../../records/testing';
import { applicationRow, json } from '../../testing/fakePortal';
import type { ApplicationRecord } from '../types';

vi.setConfig({ testTimeout: 20_000 });

/** An application of an earlier edition (id 1) whose applicant uploaded a proof that year. */
function lastYearsApplication(): ApplicationRecord {
  const row = applicationRow();
  const proof = { name: 'SV-0007.jpg', size: 4, type: 'image/jpeg' as const, url: '/api/files/SV-0007?edition=1' };
  return {
    ...row,
    application: {
      id: row.id,
      data: { ...emptyApplicationData(), proofOfEnrollment: proof, step: 7 },
      completed: true,
      team_leader: false,
      financial_aid: false,
      status_id: null,
      progress: 100,
      closed: true,
      updated_at: row.updatedAt,
      submitted_at: row.submittedAt,
      confirmation: null,
      confirmed_at: null,
      declined_at: null,
    },
    editionId: 1,
    allowedStatuses: [],
    history: [],
    teamLeaderCheck: null,
  };
}

let fetchMock: ReturnType<typeof openPanel>;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proof'), revokeObjectURL: vi.fn() }));
  fetchMock = openPanel(
    {
      'GET /api/admin/applications/7': () => json(lastYearsApplication()),
      'GET /api/files/SV-0007': (url) =>
        url.searchParams.get('edition') === '1'
          ? json({
              success: true,
              data: {
                url: 'data:image/jpeg;base64,/9j/2w==',
                dataURL: 'data:image/jpeg;base64,/9j/2w==',
                name: 'SV-0007.jpg',
                original_name: 'student-card.jpg',
                type: 'image/jpeg',
                size: 4,
              },
            })
          : json({ success: false, data: { message: 'No proof of enrollment has been uploaded yet.', err: 'NOT_FOUND' } }, 404),
    },
    '/admin/applications/7/show',
  );
});
afterEach(closePanel);

describe("an earlier edition's proof of enrollment", () => {
  it('is read from that edition, not reported missing', async () => {
    render(<App />);
    expect(await screen.findByRole('img', { name: 'Proof of enrollment (student-card.jpg)' })).toBeTruthy();
    expect(screen.queryByText('No proof of enrollment uploaded.')).toBeNull();
    expect(requestsTo(fetchMock, '/api/files/SV-0007').map(({ url }) => url.search)).toEqual(['?edition=1']);
  });
});
