import { act, render, screen } from '@testing-library/react';

import { formatCountdown, useCountdown } from './useCountdown';

function Clock({ seconds }: { seconds: number }) {
  const { remaining, restart } = useCountdown(seconds);
  return (
    <>
      <output>{formatCountdown(remaining)}</output>
      <button type="button" onClick={restart}>
        restart
      </button>
    </>
  );
}

describe('useCountdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('formats minutes and seconds', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('counts down once a second, stops at 0 and restarts', () => {
    render(<Clock seconds={900} />);
    expect(screen.getByRole('status')).toHaveTextContent('15:00');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveTextContent('14:59');
    act(() => jest.advanceTimersByTime(899_000));
    expect(screen.getByRole('status')).toHaveTextContent('00:00');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveTextContent('00:00');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('status')).toHaveTextContent('15:00');
  });
});
