import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LaunchCountdown } from './LaunchCountdown';

const START = Date.parse('2025-12-01T08:00:00.000Z');
const timer = () => screen.getByRole('timer');

describe('LaunchCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('shows days, hours, minutes and seconds and ticks every second', () => {
    const target = START + ((1 * 24 + 2) * 3600 + 1 * 60 + 3) * 1000;
    render(<LaunchCountdown target={target} now={() => Date.now()} onElapsed={vi.fn()} />);
    expect(timer()).toHaveAccessibleName('Applications open in 1 day, 2 hours, 1 minute, 3 seconds');
    expect(timer()).toHaveTextContent('1day02hours01minute03seconds');

    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveAccessibleName('Applications open in 1 day, 2 hours, 1 minute, 2 seconds');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveAccessibleName('Applications open in 1 day, 2 hours, 1 minute, 1 second');
    act(() => vi.advanceTimersByTime(2000));
    expect(timer()).toHaveAccessibleName('Applications open in 1 day, 2 hours, 0 minutes, 59 seconds');
  });

  it('follows the clock it is given (the server clock), not the browser alone', () => {
    const serverAhead = 60_000;
    render(<LaunchCountdown target={START + 90_000} now={() => Date.now() + serverAhead} onElapsed={vi.fn()} />);
    expect(timer()).toHaveAccessibleName('Applications open in 0 days, 0 hours, 0 minutes, 30 seconds');
  });

  it('asks for the new state when it reaches zero, and again while it is still shown', () => {
    const onElapsed = vi.fn();
    render(<LaunchCountdown target={START + 3000} now={() => Date.now()} onElapsed={onElapsed} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(timer()).toHaveAccessibleName('Applications open in 0 days, 0 hours, 0 minutes, 1 second');
    expect(onElapsed).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveAccessibleName('Applications open in 0 days, 0 hours, 0 minutes, 0 seconds');
    expect(onElapsed).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(4000));
    expect(onElapsed).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(onElapsed).toHaveBeenCalledTimes(2);
  });
});
