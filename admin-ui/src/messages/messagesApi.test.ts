import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { messagesApi } from './messagesApi';

// The organisers' messages' calls against a stubbed fetch: addresses, bodies, the answers, the server's refusals.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

const audience = { kind: 'group', group: 'confirmed' } as never;
const text = { subject: 'Welcome', body: 'Hello {{firstName}}' } as never;

describe("the messages' calls", () => {
  it('counts an audience with POST /api/admin/messages/audience', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { count: 12, sample: [] } }));
    expect(await messagesApi.messageAudience(audience)).toEqual({ data: { count: 12, sample: [] } });
    expect(lastCall()).toEqual({ url: '/api/admin/messages/audience', method: 'POST', body: { audience } });
  });

  it('previews with POST …/preview and sends a test with POST …/test', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { subject: 'Welcome' } }));
    await messagesApi.previewMessage(text);
    expect(lastCall()).toEqual({ url: '/api/admin/messages/preview', method: 'POST', body: text });
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { sentTo: 'chair@example.org' } }));
    expect(await messagesApi.sendTestMessage(text)).toEqual({ data: { sentTo: 'chair@example.org' } });
    expect(lastCall()).toEqual({ url: '/api/admin/messages/test', method: 'POST', body: text });
  });

  it('cancels, resumes and retries a message with a POST each; a retry says whom to include', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { id: 5 } }));
    await messagesApi.cancelMessage(5);
    expect(lastCall()).toMatchObject({ url: '/api/admin/messages/5/cancel', method: 'POST' });
    await messagesApi.resumeMessage(5);
    expect(lastCall()).toMatchObject({ url: '/api/admin/messages/5/resume', method: 'POST' });
    await messagesApi.retryMessage(5, 'sending' as never);
    expect(lastCall()).toEqual({ url: '/api/admin/messages/5/retry', method: 'POST', body: { include: 'sending' } });
  });

  it("rejects with the server's message and code when nothing is left to retry (409)", async () => {
    const refusal = { message: 'No recipient failed.', err: 'NOTHING_TO_RETRY' };
    fetchMock.mockImplementation(() => answer(409, refusal));
    await expect(messagesApi.retryMessage(5, 'failed' as never)).rejects.toMatchObject({
      status: 409,
      message: refusal.message,
      body: refusal,
    });
  });
});
