import { addDays, formatDate } from './dates';

describe('dates', () => {
  it('shows dd/MM/yyyy with zero padding', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025');
  });

  it('returns an empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('adds days (estimated delivery = created + 20 days)', () => {
    expect(formatDate(addDays(new Date(2024, 0, 25), 20))).toBe('14/02/2024');
  });
});
