import {
  arrayOf,
  isFiniteNumber,
  isString,
  keepValidFields,
  nullable,
  recordOf,
  shapeOf,
} from './persistGuard';

interface Sample {
  token: string | null;
  count: number;
  tags: string[];
  prices: Record<string, number>;
  place: { id: number; name: string } | null;
}

const migrate = keepValidFields<Sample>(
  {
    token: nullable(isString),
    count: isFiniteNumber,
    tags: arrayOf(isString),
    prices: recordOf(isFiniteNumber),
    place: nullable(shapeOf({ id: isFiniteNumber, name: isString })),
  },
  (kept) => (kept.token ? kept : {}),
);
const persist = (version: number) => ({ version, rehydrated: true });

describe('keepValidFields', () => {
  it('keeps fields of this build as they are', async () => {
    const stored = {
      token: 't',
      count: 2,
      tags: ['a'],
      prices: { KWD: 1 },
      place: { id: 1, name: 'Ahmadi' },
      _persist: persist(-1),
    };
    await expect(migrate(stored, -1)).resolves.toEqual(stored);
  });

  it('drops fields of another shape and fields it does not know, and keeps the rest', async () => {
    const stored = {
      token: 't',
      count: 'two',
      tags: 'a,b',
      prices: ['1'],
      place: { id: '1' },
      items: [1, 2],
      _persist: persist(-1),
    };
    await expect(migrate(stored as never, -1)).resolves.toEqual({ token: 't', _persist: persist(-1) });
  });

  it('drops what makes no sense without the rest (coherent)', async () => {
    const stored = { token: 42, count: 2, _persist: persist(-1) };
    await expect(migrate(stored as never, -1)).resolves.toEqual({ _persist: persist(-1) });
  });

  it('drops a copy written under another version whole, and answers nothing stored with nothing', async () => {
    await expect(
      migrate({ token: 't', count: 1, _persist: persist(3) } as never, -1),
    ).resolves.toBeUndefined();
    await expect(migrate(undefined, -1)).resolves.toBeUndefined();
    await expect(migrate('garbage' as never, -1)).resolves.toBeUndefined();
  });
});
