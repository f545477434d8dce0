import { normalizeCode } from './codes';

describe('normalizeCode', () => {
  test('a JSON number gets its leading zeros back', () => {
    expect(normalizeCode(12345)).toBe('012345');
    expect(normalizeCode(7)).toBe('000007');
    expect(normalizeCode(987654)).toBe('987654');
  });

  test('strings must be exactly six digits', () => {
    expect(normalizeCode(' 012345 ')).toBe('012345');
    expect(normalizeCode('12345')).toBeNull();
    expect(normalizeCode('1234567')).toBeNull();
    expect(normalizeCode('12a456')).toBeNull();
  });

  test('anything else is no code', () => {
    expect(normalizeCode(1_000_000)).toBeNull();
    expect(normalizeCode(-1)).toBeNull();
    expect(normalizeCode(12.5)).toBeNull();
    expect(normalizeCode(null)).toBeNull();
    expect(normalizeCode({ code: '123456' })).toBeNull();
  });
});
