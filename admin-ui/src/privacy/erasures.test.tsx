// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErasureRequestView } from '@svp/domain';
import { AdminContext, type DataProvider, Notification, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErasureDecision } from './erasures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const request = (overrides: Partial<ErasureRequestView> = {}): ErasureRequestView => ({
  id: 5,
  userId: 42,
  person: { name: 'Ada Lovelace', email: 'ada@example.edu', svid: 'ABCD2345' },
  state: 'requested',
  reason: 'Asked by email on 3 May',
  requestedBy: { id: 1, name: 'First Admin' },
  requestedAt: '2026-09-01T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  counts: { applications: 2, proofs: 1 },
  canConfirm: true,
  ...overrides,
});

function renderDecision(record: ErasureRequestView, create = vi.fn(async (_resource: string, _params: unknown) => ({ data: { id: 5 } }))) {
  const dataProvider = { create } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <RecordContextProvider value={record}>
        <ErasureDecision />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );
  return { create };
}

describe('an erasure waiting for a second administrator', () => {
  it('lets another administrator confirm it, after saying what it does and why it was asked', async () => {
    const user = userEvent.setup();
    const { create } = renderDecision(request());
    await user.click(screen.getByRole('button', { name: 'Confirm the erasure' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Erase Ada Lovelace (ABCD2345)?')).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone.*Asked by First Admin: “Asked by email on 3 May”/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('erasures/5/confirm', { data: {} }));
    expect(await screen.findByText('Ada Lovelace has been erased and told by email.')).toBeTruthy();
  });

  it('does not offer the administrator who asked to confirm it, only to cancel it', async () => {
    const user = userEvent.setup();
    const { create } = renderDecision(request({ canConfirm: false }));
    expect(screen.queryByRole('button', { name: 'Confirm the erasure' })).toBeNull();
    expect(screen.getByText(/another administrator must confirm it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel the request' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the request' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('erasures/5/cancel', { data: {} }));
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    renderDecision(
      request(),
      vi.fn(async () => {
        throw new Error('This erasure has already been confirmed.');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm the erasure' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('This erasure has already been confirmed.')).toBeTruthy();
  });

  it('offers nothing once decided', () => {
    renderDecision(request({ state: 'confirmed', canConfirm: false }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
