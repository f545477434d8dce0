import { addDays, formatDate, formatTime } from './dates';

describe('dates', () => {
  it('shows dd/MM/yyyy with zero padding', () => {
    expect(formatDate('2024-01-05T09:00:00Z')).toBe('05/01/2024');
    expect(formatDate('2025-12-31T20:59:00Z')).toBe('31/12/2025');
  });

  it("counts the day in the shop's time zone (Kuwait, UTC+3), whatever the machine's", () => {
    // 21:30 UTC on 31 December is 00:30 on 1 January in Kuwait: the server's page and every browser say so.
    expect(formatDate('2025-12-31T21:30:00Z')).toBe('01/01/2026');
    expect(formatTime('2025-12-31T21:30:00Z')).toBe('00:30');
    expect(formatTime('2025-06-01T12:05:00Z')).toBe('15:05');
  });

  it('returns an empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it('adds days (estimated delivery = created + 20 days)', () => {
    expect(formatDate(addDays('2024-01-25T09:00:00Z', 20))).toBe('14/02/2024');
  });
});
