import { SHOP_TIME_ZONE } from '../../shared/shopClock';
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

  it("agrees with the platform's own rules for the shop's time zone, hour by hour over years", () => {
    const kuwait = new Intl.DateTimeFormat('en-GB', {
      timeZone: SHOP_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const hour = 60 * 60 * 1000;
    // Every 7 hours and 13 minutes from 2000 to 2040: every hour of the day, on every kind of day (leap days too).
    const disagreements: string[] = [];
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2040, 0, 1); time += 7 * hour + 13 * 60 * 1000) {
      const ours = `${formatDate(time)}, ${formatTime(time)}`;
      if (ours !== kuwait.format(time)) disagreements.push(`${new Date(time).toISOString()}: ${ours}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('returns an empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
    // The latest instant JavaScript holds is valid, its wall clock three hours later is not.
    expect(formatDate(8.64e15)).toBe('');
  });

  it('adds days (estimated delivery = created + 20 days)', () => {
    expect(formatDate(addDays('2024-01-25T09:00:00Z', 20))).toBe('14/02/2024');
  });
});
