import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaleVersionDialog } from './StaleVersionDialog';

describe('StaleVersionDialog', () => {
  it('highlights and focuses loading the latest version, not keeping the answers that would overwrite it', async () => {
    const onLoadLatest = vi.fn();
    const onKeepMine = vi.fn();
    render(<StaleVersionDialog open savedAt="10:42:07" onLoadLatest={onLoadLatest} onKeepMine={onKeepMine} />);
    const load = screen.getByRole('button', { name: 'Load the latest version' });
    const keep = screen.getByRole('button', { name: 'Keep my answers' });
    expect(load).toHaveClass('MuiButton-contained');
    expect(keep).not.toHaveClass('MuiButton-contained');
    expect(load).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(onLoadLatest).toHaveBeenCalledTimes(1);
    expect(onKeepMine).not.toHaveBeenCalled();
  });
});
